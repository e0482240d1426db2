// Runtime configuration read by the SPA (see src/shared/site-config.ts).
// A deployment can replace this file to fill in the operator's Impressum details, e.g.
// window.__CONFIG__ = { impressum: { operator: '…', street: '…', postalCode: '…', city: '…', email: '…' } };
window.__CONFIG__ = window.__CONFIG__ || {};
