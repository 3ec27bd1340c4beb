// The sandbox provider's hosted widget: one small HTML page per session, shown in an iframe by the
// web app. Helmet's CSP allows scripts and styles only from this origin, so the page's behaviour
// and its look are separate files (widget.js, widget.css); its words travel as a JSON data block
// (never executed). Every value written into the page is escaped.
import { LANGUAGE_TAGS } from '@rora/contracts';
import { assetScale, formatAmount } from '@rora/money';
import type { SandboxSession } from '../provider/sandbox.repository.ts';
import { WIDGET_TEXT, type WidgetLanguage, type WidgetText } from './widget-text.ts';

export const WIDGET_SCRIPT_ROUTE = '/onramp/sandbox-assets/widget.js';
export const WIDGET_SCRIPT_PATH = `/api/v1${WIDGET_SCRIPT_ROUTE}`;
export const WIDGET_STYLE_ROUTE = '/onramp/sandbox-assets/widget.css';
export const WIDGET_STYLE_PATH = `/api/v1${WIDGET_STYLE_ROUTE}`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/** JSON safe inside a <script> element: no `<` can close it. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

// Intl reads a decimal string exactly (no float), so these only place digits, separators and symbol.
/** Dollars as the reader writes them: `$150.00`, `150,00 $US`, `USD 150.00`, `US$ 150,00`. */
function usd(cents: bigint, tag: string): string {
  const dollars = formatAmount(cents, 2, { decimals: 2, rounding: 'down' });
  return new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD' }).format(
    dollars as Intl.StringNumericLiteral,
  );
}

/** A coin amount with every significant decimal, in the reader's separators: `147.75`, `147,75`. */
function coins(minor: bigint, scale: number, tag: string): string {
  const text = formatAmount(minor, scale);
  const decimals = text.split('.')[1]?.length ?? 0;
  const format = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return format.format(text as Intl.StringNumericLiteral);
}

function testCards(text: WidgetText): string {
  const card = (number: string, outcome: string) =>
    `<li><code>${number}</code> <span>${escapeHtml(outcome)}</span></li>`;
  return `<aside class="test-cards" aria-labelledby="test-cards-title">
    <h2 id="test-cards-title">${escapeHtml(text.testCards)}</h2>
    <ul>${card('4242 4242 4242 4242', text.cardApproves)}${card('4000 0000 0000 0002', text.cardDeclines)}${card(
      '4000 0000 0000 9995',
      text.cardNoFunds,
    )}</ul>
    <p>${escapeHtml(text.testCardsNote)}</p>
  </aside>`;
}

function cardForm(text: WidgetText, pay: string): string {
  const field = (id: string, label: string, attributes: string) =>
    `<div class="field"><label for="${id}">${escapeHtml(label)}</label><input id="${id}" name="${id}" ${attributes} required></div>`;
  return `<form id="card-form" novalidate>
    ${field('cardNumber', text.cardNumber, 'inputmode="numeric" autocomplete="cc-number" maxlength="23" placeholder="4242 4242 4242 4242"')}
    <div class="row">
      ${field('expiry', text.expiry, 'inputmode="numeric" autocomplete="cc-exp" maxlength="7" placeholder="12/30"')}
      ${field('cvc', text.cvc, 'inputmode="numeric" autocomplete="cc-csc" maxlength="4" placeholder="123"')}
    </div>
    ${field('name', text.nameOnCard, 'autocomplete="cc-name" maxlength="100"').replace(' required', '')}
    <p id="form-error" class="error" role="alert" hidden></p>
    <button type="submit" id="pay-button">${escapeHtml(text.pay.replace('{amount}', pay))}</button>
  </form>`;
}

function closedState(session: SandboxSession, text: WidgetText, receive: string): string {
  if (session.status === 'approved') {
    return `<h1>${escapeHtml(text.approvedTitle)}</h1><p>${escapeHtml(text.approvedBody.replace('{amount}', receive))}</p>`;
  }
  if (session.status === 'declined') {
    const why = text[(session.declineCode ?? 'card_declined') as keyof WidgetText] ?? text.card_declined;
    return `<h1>${escapeHtml(text.declinedTitle)}</h1><p>${escapeHtml(why)} ${escapeHtml(text.declinedBody)}</p>`;
  }
  return `<h1>${escapeHtml(text.closedTitle)}</h1><p>${escapeHtml(text.closedBody)}</p>`;
}

export function renderWidgetPage(options: {
  session: SandboxSession;
  language: WidgetLanguage;
  theme: 'dark' | 'light';
  providerName: string;
  now: Date;
}): string {
  const { session, language, theme } = options;
  const text = WIDGET_TEXT[language];
  const tag = LANGUAGE_TAGS[language];
  const pay = usd(BigInt(session.fiatAmount), tag);
  const receive = `${coins(BigInt(session.cryptoAmount), assetScale(session.asset), tag)} ${session.asset}`;
  const open = session.status === 'open' && session.expiresAt.getTime() > options.now.getTime();
  const payUrl = `/api/v1/onramp/sandbox/${session.id}/pay`;
  return `<!doctype html>
<html lang="${tag}" data-theme="${theme}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(text.title)} · ${escapeHtml(options.providerName)}</title>
<link rel="stylesheet" href="${WIDGET_STYLE_PATH}">
</head>
<body>
<main class="widget" data-pay-url="${escapeHtml(payUrl)}" data-session-id="${escapeHtml(session.id)}">
  <header><span class="brand">${escapeHtml(options.providerName)}</span><span class="badge">${escapeHtml(text.testMode)}</span></header>
  <section class="summary" aria-label="${escapeHtml(text.title)}">
    <p class="label">${escapeHtml(text.youPay)}</p>
    <p class="amount">${escapeHtml(pay)}</p>
    <p class="receive">${escapeHtml(text.youReceive)} <strong>${escapeHtml(receive)}</strong></p>
    <p class="fee">${escapeHtml(text.feeIncluded)}</p>
  </section>
  ${open ? cardForm(text, pay) : ''}
  <section id="result" class="result" role="status" aria-live="polite"${open ? ' hidden' : ''}>${
    open ? '<h1 id="result-title"></h1><p id="result-body"></p>' : closedState(session, text, receive)
  }</section>
  ${open ? testCards(text) : ''}
</main>
<script type="application/json" id="widget-text">${scriptJson({ ...text, receive })}</script>
<script src="${WIDGET_SCRIPT_PATH}" defer></script>
</body>
</html>`;
}
