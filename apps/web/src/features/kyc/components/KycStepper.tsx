// The six steps, each marked done, current, to do or to fix. Steps the customer may open are
// buttons; on a phone all six markers stay in view and "Step n of 6" says where they are.
import { useTranslation } from 'react-i18next';
import { Check, CircleAlert } from 'lucide-react';
import { KYC_STEPS, type KycState, type KycStep } from '@rora/contracts';
import { canOpenStep, stepStatus } from '../model/steps.ts';

export interface KycStepperProps {
  readonly state: KycState;
  readonly current: KycStep;
  readonly onOpen: (step: KycStep) => void;
}

export function KycStepper({ state, current, onOpen }: KycStepperProps) {
  const { t } = useTranslation('kyc');
  const position = KYC_STEPS.indexOf(current) + 1;
  return (
    <nav className="kyc-stepper" aria-label={t('stepper.label')}>
      <p className="kyc-stepper__progress">{t('stepper.progress', { current: position, total: KYC_STEPS.length })}</p>
      <ol className="kyc-stepper__list">
        {KYC_STEPS.map((step, index) => {
          const status = stepStatus(step, current, state);
          const open = status !== 'current' && canOpenStep(step, state);
          const marker =
            status === 'done' ? <Check size={14} /> : status === 'fix' ? <CircleAlert size={14} /> : index + 1;
          const content = (
            <>
              <span className="kyc-stepper__marker" aria-hidden="true">
                {marker}
              </span>
              <span className="kyc-stepper__name">{t(`steps.${step}.title`)}</span>
              <span className="visually-hidden">{t(`stepper.${status}`)}</span>
            </>
          );
          return (
            <li
              key={step}
              className={`kyc-stepper__item kyc-stepper__item--${status}`}
              aria-current={status === 'current' ? 'step' : undefined}
            >
              {open ? (
                <button type="button" className="kyc-stepper__button" onClick={() => onOpen(step)}>
                  {content}
                </button>
              ) : (
                <span className="kyc-stepper__button">{content}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
