// Steps 2 to 5: one document each. The chosen file is checked at once (type by its bytes, size) and
// previewed before it is sent; a refusal says why, in the customer's language. A document already on
// file can be kept or replaced.
import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { KycDocumentKind, KycDocumentType, KycState } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';
import { showToast } from '../../../lib/toast/toast-store.ts';
import { uploadDocument } from '../api/documents-api.ts';
import { useStoreKycState } from '../api/kyc-api.ts';
import { checkBrowserFile } from '../model/file-check.ts';
import { DOCUMENT_STEPS } from '../model/steps.ts';
import { FilePicker } from './FilePicker.tsx';
import { ChosenFilePreview, OnFilePreview } from './FilePreview.tsx';
import { useErrorText } from '../../../lib/api/use-error-text.ts';

export interface DocumentStepProps {
  readonly userId: string;
  readonly kind: KycDocumentKind;
  readonly state: KycState;
  readonly onDone: () => void;
}

export function DocumentStep({ userId, kind, state, onDone }: DocumentStepProps) {
  const { t } = useTranslation('kyc');
  const errorText = useErrorText('kyc');
  const store = useStoreKycState(userId);
  const [chosen, setChosen] = useState<{ file: File; type: KycDocumentType } | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [progress, setProgress] = useState(0);
  const [replacing, setReplacing] = useState(false);
  const onFile = state.documents.find((document) => document.kind === kind);
  const mustReplace = state.status === 'rejected' && (state.itemsToFix as readonly string[]).includes(kind);

  const upload = useMutation({
    mutationFn: (file: File) => uploadDocument({ userId, kind, file, fileName: file.name, onProgress: setProgress }),
    onSuccess: (next) => {
      store(next);
      onDone();
    },
    onError: (error) => {
      const reason = errorText.ofError(error);
      setRefusal(reason);
      showToast(t('upload.refused', { reason }), 'error');
    },
  });

  const pick = async (file: File) => {
    setRefusal(null);
    const check = await checkBrowserFile(file);
    if (!check.ok) {
      setChosen(null);
      setRefusal(errorText.ofCode(check.code));
      return;
    }
    setChosen({ file, type: check.type });
  };

  const showOnFile = onFile && !chosen && !replacing && !mustReplace;
  return (
    <div className="kyc-document">
      <h2 className="kyc-card__title">{t(`steps.${kind}.title`)}</h2>
      <p className="muted">{t(`steps.${kind}.body`)}</p>
      {showOnFile ? (
        <>
          <OnFilePreview userId={userId} document={onFile} />
          <div className="kyc-form__actions">
            <Button onClick={onDone}>{t('upload.keep')}</Button>
            <Button variant="secondary" onClick={() => setReplacing(true)}>
              {t('upload.replace')}
            </Button>
          </div>
        </>
      ) : chosen ? (
        <>
          <ChosenFilePreview file={chosen.file} type={chosen.type} />
          {upload.isPending ? (
            <progress
              className="kyc-progress"
              max={1}
              value={progress}
              aria-label={t('upload.uploading', { percent: Math.round(progress * 100) })}
            />
          ) : null}
          <div className="kyc-form__actions">
            <Button onClick={() => upload.mutate(chosen.file)} loading={upload.isPending}>
              {t('upload.send')}
            </Button>
            <Button variant="secondary" disabled={upload.isPending} onClick={() => setChosen(null)}>
              {t('upload.another')}
            </Button>
          </div>
        </>
      ) : (
        <FilePicker camera={DOCUMENT_STEPS[kind].camera} onPick={(file) => void pick(file)} />
      )}
      {refusal ? (
        <p className="kyc-refusal" role="alert">
          {t('upload.refused', { reason: refusal })}
        </p>
      ) : null}
    </div>
  );
}
