// Audit of reserves (spec §2, issue 18): the published snapshot, "Verify my balances" in the
// browser, the proof as a file, and what the audit proves and what it does not.
export { AuditScreen } from './components/AuditScreen.tsx';
