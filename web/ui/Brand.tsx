// The product's mark and name, the same on every page (a workspace's, a fleet's, an exported file).
export function Brand() {
  return (
    <div className="brand">
      <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 6.5v3M6.3 11.2 9.8 9" stroke="var(--muted)" strokeWidth="1.4" fill="none" />
        <circle cx="4" cy="4" r="2.5" fill="var(--merged)" />
        <circle cx="4" cy="12" r="2.5" fill="var(--active)" />
        <circle cx="12" cy="8" r="2.5" fill="var(--accent)" />
      </svg>
      <span className="brand-name">gcc-studio</span>
    </div>
  );
}
