// The sandbox on-ramp widget's behaviour (served as a file: the CSP allows scripts only from this
// origin). It spaces the card number as typed, posts the card to the sandbox provider, shows the
// outcome, and tells the page that framed it (same origin only) how the payment ended.
/* global document, window, fetch */
'use strict';

(function widget() {
  const root = document.querySelector('.widget');
  const form = document.getElementById('card-form');
  const textBlock = document.getElementById('widget-text');
  if (!root || !form || !textBlock) return;
  const text = JSON.parse(textBlock.textContent || '{}');
  const payUrl = root.getAttribute('data-pay-url');
  const sessionId = root.getAttribute('data-session-id');
  const button = document.getElementById('pay-button');
  const errorLine = document.getElementById('form-error');
  const result = document.getElementById('result');
  const fields = { cardNumber: 'cardNumber', expiry: 'expiry', cvc: 'cvc' };

  const input = (id) => document.getElementById(id);
  const digits = (value) => value.replace(/\D/g, '');

  // Each field written the way the provider reads it, as typed. What was typed or autofilled before
  // this script ran (it loads deferred) is formatted when it starts and again before paying, so
  // "1239" typed early is sent as 12/39, not refused.
  const formats = {
    cardNumber: (value) =>
      digits(value)
        .slice(0, 19)
        .replace(/(\d{4})(?=\d)/g, '$1 '),
    expiry: (value) => {
      const typed = digits(value).slice(0, 4);
      return typed.length > 2 ? `${typed.slice(0, 2)}/${typed.slice(2)}` : typed;
    },
    cvc: (value) => digits(value).slice(0, 4),
  };
  const formatAll = () => {
    for (const [id, format] of Object.entries(formats)) {
      const field = input(id);
      const value = format(field.value);
      if (field.value !== value) field.value = value;
    }
  };
  for (const [id, format] of Object.entries(formats)) {
    input(id).addEventListener('input', (event) => {
      event.target.value = format(event.target.value);
    });
  }
  formatAll();

  function showError(code, field) {
    errorLine.textContent = text[code] || text.genericError;
    errorLine.hidden = false;
    for (const id of Object.values(fields)) input(id).removeAttribute('aria-invalid');
    if (field && fields[field]) {
      input(fields[field]).setAttribute('aria-invalid', 'true');
      input(fields[field]).focus();
    }
  }

  function showOutcome(status, declineCode) {
    form.hidden = true;
    const cards = document.querySelector('.test-cards');
    if (cards) cards.hidden = true;
    result.hidden = false;
    result.setAttribute('data-outcome', status);
    const title = document.getElementById('result-title');
    const body = document.getElementById('result-body');
    if (status === 'approved') {
      title.textContent = text.approvedTitle;
      body.textContent = text.approvedBody.replace('{amount}', text.receive);
    } else {
      title.textContent = text.declinedTitle;
      body.textContent = `${text[declineCode] || text.card_declined} ${text.declinedBody}`;
    }
    title.setAttribute('tabindex', '-1');
    title.focus();
    if (window.parent !== window) {
      window.parent.postMessage(
        { source: 'rora-onramp-sandbox', sessionId, status, declineCode },
        window.location.origin,
      );
    }
  }

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    formatAll();
    const label = button.textContent;
    button.disabled = true;
    button.textContent = text.paying;
    errorLine.hidden = true;
    try {
      const response = await fetch(payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({
          cardNumber: input('cardNumber').value,
          expiry: input('expiry').value,
          cvc: input('cvc').value,
          name: input('name').value,
        }),
      });
      const body = await response.json().catch(() => ({}));
      if (response.ok && body.data) return showOutcome(body.data.status, body.data.declineCode);
      const item = (body.data && body.data[0]) || {};
      showError(item.code || (body.error && body.error.code), item.field);
    } catch {
      showError('genericError');
    }
    button.disabled = false;
    button.textContent = label;
  });
})();
