// Receive (spec §2): the wallet's own address as text and QR code, the destination tag on a network
// that needs one (XRP) with why it matters, copy buttons, and which coin and network to send.
import { useTranslation } from 'react-i18next';
import { QRCodeSVG } from 'qrcode.react';
import { TriangleAlert } from 'lucide-react';
import type { Wallet } from '@rora/contracts';
import { CopyButton } from '../../../components/copy-button/CopyButton.tsx';

export function ReceivePanel({ wallet }: { readonly wallet: Wallet }) {
  const { t } = useTranslation('wallets');
  const { network } = wallet;
  const asset = network.assetSymbol;
  return (
    <section className="wallet-panel" aria-labelledby="receive-title">
      <h2 id="receive-title" className="wallet-panel__title">
        {t('receive.title', { asset })}
      </h2>
      <div className="receive">
        <div className="receive__qr">
          <QRCodeSVG
            value={wallet.address}
            size={168}
            marginSize={2}
            role="img"
            aria-label={t('receive.qr', { asset })}
          />
        </div>
        <div className="receive__details">
          <p className="receive__label" id="receive-address-label">
            {t('receive.address', { asset })}
          </p>
          <p className="receive__value mono" aria-labelledby="receive-address-label" data-testid="receive-address">
            {wallet.address}
          </p>
          <CopyButton text={wallet.address} label={t('receive.copyAddress')} />
          {wallet.destinationTag === null ? null : (
            <>
              <p className="receive__label" id="receive-tag-label">
                {t('receive.tag')}
              </p>
              <p className="receive__value mono" aria-labelledby="receive-tag-label" data-testid="receive-tag">
                {wallet.destinationTag}
              </p>
              <CopyButton text={String(wallet.destinationTag)} label={t('receive.copyTag')} />
              <p className="notice notice--warning" role="note">
                <TriangleAlert size={18} aria-hidden="true" />
                {t('receive.tagWarning')}
              </p>
            </>
          )}
        </div>
      </div>
      <p className="wallets__muted">
        {t('receive.networkNote', { asset, network: network.name, count: network.confirmations })}
      </p>
      <a className="wallets__link" href={wallet.addressUrl} target="_blank" rel="noreferrer noopener">
        {t('receive.explorer')}
      </a>
    </section>
  );
}
