// What the customer is about to send, or has on file: the image itself, or a PDF's name and size.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import type { KycDocument } from '@rora/contracts';
import { currentLanguageTag } from '../../../lib/i18n/i18n.ts';
import { fetchDocument } from '../api/documents-api.ts';
import { formatFileSize } from '../model/file-check.ts';

/** An object URL for a Blob, released when the preview goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return blob ? url : null;
}

function Preview({ blob, name, type, size }: { blob: Blob | undefined; name: string; type: string; size: number }) {
  const { t } = useTranslation('kyc');
  const url = useObjectUrl(type === 'application/pdf' ? undefined : blob);
  return (
    <figure className="kyc-preview">
      {type === 'application/pdf' ? (
        <div className="kyc-preview__pdf">
          <FileText size={40} aria-hidden="true" />
          <span>{t('upload.pdf')}</span>
        </div>
      ) : url ? (
        <img className="kyc-preview__image" src={url} alt={t('upload.previewAlt', { name })} />
      ) : (
        <div className="kyc-preview__image kyc-preview__image--loading" aria-hidden="true" />
      )}
      <figcaption className="kyc-preview__caption">
        <span className="kyc-preview__name">{name}</span>
        <span className="muted">{formatFileSize(size, currentLanguageTag())}</span>
      </figcaption>
    </figure>
  );
}

export function ChosenFilePreview({ file, type }: { file: File; type: string }) {
  return <Preview blob={file} name={file.name} type={type} size={file.size} />;
}

/** A document already on file, read back from the API (the customer's own only). */
export function OnFilePreview({ userId, document }: { userId: string; document: KycDocument }) {
  const query = useQuery({
    queryKey: ['kyc-document', document.id],
    queryFn: ({ signal }) => fetchDocument(userId, document.id, signal),
    enabled: document.contentType !== 'application/pdf',
    staleTime: Infinity,
  });
  return <Preview blob={query.data} name={document.fileName} type={document.contentType} size={document.sizeBytes} />;
}
