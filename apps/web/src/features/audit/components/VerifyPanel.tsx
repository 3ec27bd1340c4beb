// "Verify my balances": the customer's proof fetched and walked to the published root in this
// browser (WebCrypto), the proof saved as a file, and any proof file checked the same way.
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileUp, ShieldCheck } from 'lucide-react';
import type { AuditProof, AuditSnapshot } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { useUserId } from '../../../lib/api/resources/user.ts';
import { fetchProof, fetchPublishedLabel } from '../api/audit-api.ts';
import { verifyOnPage, type PageVerification } from '../model/verify-proof.ts';
import { StepsList } from './StepsList.tsx';

function saveProof(proof: AuditProof): void {
  const url = URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `rora-proof-${proof.snapshot.id}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

async function readJson(file: File): Promise<unknown> {
  try {
    return JSON.parse(await file.text());
  } catch {
    return null;
  }
}

export function VerifyPanel({ snapshots }: { readonly snapshots: readonly AuditSnapshot[] }) {
  const { t } = useTranslation('audit');
  // A session stored by an older app has only `_id`: useUserId reads either.
  const customerId = useUserId() || null;
  const latest = snapshots[0] as AuditSnapshot;
  const [busy, setBusy] = useState<'verify' | 'download' | 'file' | null>(null);
  const [verification, setVerification] = useState<PageVerification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const proof = useRef<AuditProof | null>(null);
  const run = async (kind: 'verify' | 'download' | 'file', work: () => Promise<void>) => {
    setBusy(kind);
    setError(null);
    try {
      await work();
    } catch (failure) {
      const notIncluded = (failure as { code?: string }).code === 'resource_not_found';
      setError(notIncluded ? t('errors.notIncluded') : t('errors.unavailable'));
    } finally {
      setBusy(null);
    }
  };
  const ownProof = async () => (proof.current ??= await fetchProof(latest.id));
  const publishedLabel = (id: string) => fetchPublishedLabel(snapshots, id);
  const check = async (json: unknown) => setVerification(await verifyOnPage(json, publishedLabel, customerId));
  const verify = () => run('verify', async () => check(await ownProof()));
  const download = () => run('download', async () => saveProof(await ownProof()));
  const checkFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) void run('file', async () => check(await readJson(file)));
  };

  return (
    <section className="audit-card" aria-labelledby="audit-verify-title">
      <h2 id="audit-verify-title">{t('verify.title')}</h2>
      <p className="audit__muted">{t('verify.lead')}</p>
      <div className="audit-actions">
        <Button icon={<ShieldCheck size={18} />} loading={busy === 'verify'} disabled={busy !== null} onClick={verify}>
          {t('verify.action')}
        </Button>
        <Button
          variant="secondary"
          icon={<Download size={18} />}
          loading={busy === 'download'}
          disabled={busy !== null}
          onClick={download}
        >
          {t('verify.download')}
        </Button>
        <label className="btn btn--ghost audit-file">
          <FileUp size={18} aria-hidden="true" />
          <span>{t('verify.file')}</span>
          <input type="file" accept="application/json,.json" onChange={checkFile} disabled={busy !== null} />
        </label>
      </div>
      {error ? (
        <p role="alert" className="audit-error">
          {error}
        </p>
      ) : null}
      {verification ? <StepsList verification={verification} /> : null}
    </section>
  );
}
