// The heading of an account screen and one line on what it is for.
export function ScreenHeader({ title, lead }: { readonly title: string; readonly lead: string }) {
  return (
    <header className="account__header">
      <h1>{title}</h1>
      <p className="account__lead">{lead}</p>
    </header>
  );
}
