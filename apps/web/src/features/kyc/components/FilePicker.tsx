// Choosing a document: drop it on the zone (desktop), browse for it, or take it with the camera (on a
// phone, the front camera for photos of the customer, the back one for papers).
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Camera, FolderOpen, Upload } from 'lucide-react';
import { KYC_DOCUMENT_TYPES } from '@rora/contracts';
import { Button } from '../../../components/button/Button.tsx';

export interface FilePickerProps {
  readonly camera: 'user' | 'environment';
  readonly onPick: (file: File) => void;
}

/** A touch screen: offer the camera. */
function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(() => window.matchMedia?.('(pointer: coarse)').matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.('(pointer: coarse)');
    if (!query) return undefined;
    const onChange = () => setCoarse(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return coarse;
}

export function FilePicker({ camera, onPick }: FilePickerProps) {
  const { t } = useTranslation('kyc');
  const browseRef = useRef<HTMLInputElement>(null);
  const cameraRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const coarse = useCoarsePointer();

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) onPick(file);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    take(event.dataTransfer.files);
  };

  return (
    <div
      className={['kyc-drop', dragging ? 'kyc-drop--active' : ''].join(' ')}
      data-testid="kyc-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <Upload size={28} aria-hidden="true" />
      <p className="kyc-drop__title">{coarse ? t('upload.choose') : t('upload.dropHere')}</p>
      <p className="muted kyc-drop__rules">{t('upload.rules')}</p>
      <div className="kyc-drop__actions">
        {coarse ? (
          <Button icon={<Camera size={18} />} onClick={() => cameraRef.current?.click()}>
            {t('upload.camera')}
          </Button>
        ) : null}
        <Button
          variant={coarse ? 'secondary' : 'primary'}
          icon={<FolderOpen size={18} />}
          onClick={() => browseRef.current?.click()}
        >
          {t('upload.browse')}
        </Button>
      </div>
      <input
        ref={browseRef}
        type="file"
        hidden
        accept={KYC_DOCUMENT_TYPES.join(',')}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
      <input
        ref={cameraRef}
        type="file"
        hidden
        accept="image/jpeg,image/png"
        capture={camera}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = '';
        }}
      />
    </div>
  );
}
