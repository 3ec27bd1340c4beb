// A password input with a show/hide button (its label says which), built on TextField.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from 'lucide-react';
import { TextField, type TextFieldProps } from './TextField.tsx';

export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = (
    <button
      type="button"
      className="field__addon-button"
      onClick={() => setVisible((value) => !value)}
      aria-label={visible ? t('password.hide') : t('password.show')}
      aria-pressed={visible}
    >
      {visible ? <EyeOff size={18} aria-hidden="true" /> : <Eye size={18} aria-hidden="true" />}
    </button>
  );
  return <TextField {...props} type={visible ? 'text' : 'password'} trailing={toggle} />;
}
