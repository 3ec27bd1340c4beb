// The speed of a send: slow, normal or fast, each paying the fee the network's estimate asks for it.
import { useTranslation } from 'react-i18next';
import { SEND_PRIORITIES, type SendPriority } from '@rora/contracts';

export function SpeedChoice({
  value,
  onChange,
}: {
  readonly value: SendPriority;
  readonly onChange: (value: SendPriority) => void;
}) {
  const { t } = useTranslation('wallets');
  return (
    <fieldset className="speed">
      <legend className="field__label">{t('send.speed')}</legend>
      <div className="speed__options">
        {SEND_PRIORITIES.map((priority) => (
          <label key={priority} className={`speed__option${priority === value ? ' is-checked' : ''}`}>
            <input
              type="radio"
              name="send-speed"
              value={priority}
              checked={priority === value}
              onChange={() => onChange(priority)}
            />
            {t(`send.speeds.${priority}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
