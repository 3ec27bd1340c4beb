// Turning authenticator 2FA on: the key made when the customer asked for it (never twice on its
// own), the confirming code, then the recovery codes. While those are on screen the dialog cannot be
// dismissed by Escape or a click outside: closing it would lose them for good.
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog/Dialog.tsx';
import { ErrorState } from '../../../../components/error-state/ErrorState.tsx';
import { Skeleton } from '../../../../components/skeleton/Skeleton.tsx';
import { useConfirmTwoFactor, type GenerateTwoFactorKey } from '../../api/two-factor.ts';
import { useDialogAction } from '../../hooks/use-action.ts';
import { RecoveryCodesStep } from './RecoveryCodesStep.tsx';
import { SetupKeyStep } from './SetupKeyStep.tsx';

export interface TwoFactorSetupDialogProps {
  readonly open: boolean;
  readonly email: string;
  readonly generate: GenerateTwoFactorKey;
  readonly onClose: () => void;
}

export function TwoFactorSetupDialog({ open, email, generate, onClose }: TwoFactorSetupDialogProps) {
  const { t } = useTranslation('account');
  const confirm = useConfirmTwoFactor();
  const action = useDialogAction();
  const codes = confirm.data?.recoveryCodes;

  const close = () => {
    generate.reset();
    confirm.reset();
    action.clear();
    onClose();
  };

  const onConfirm = async (token: string) =>
    (await action.run(() => confirm.mutateAsync(token), t('twoFactor.enabled'))) !== undefined;

  let content;
  if (codes) content = <RecoveryCodesStep codes={codes} email={email} onDone={close} />;
  else if (generate.data)
    content = (
      <SetupKeyStep
        twoFactorKey={generate.data}
        confirming={confirm.isPending}
        error={action.error}
        onConfirm={onConfirm}
      />
    );
  else if (generate.isError) content = <ErrorState onRetry={() => generate.mutate()} retrying={generate.isPending} />;
  else content = <Skeleton width={168} height={168} className="account-qr-skeleton" />;

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={codes ? t('recovery.title') : t('twoFactor.setup.title')}
      description={codes ? t('recovery.description') : t('twoFactor.setup.description')}
      dismissible={!codes}
      closeLabel={t('actions.close')}
      className="account-dialog"
    >
      {content}
    </Dialog>
  );
}
