export function ProductLogo() {
  return (
    <div className="login-card__logo">
      <svg viewBox="0 0 48 48" width="44" height="44" aria-hidden="true">
        <rect x="2" y="2" width="44" height="44" rx="10" fill="#1b5e9b" />
        <path d="M10 14h12v10H10zM24 14h14v6H24zM24 22h14v12H24zM10 26h12v8H10z" fill="none" stroke="#fff" strokeWidth="2.2" />
        <circle cx="31" cy="28" r="3" fill="#f5a623" />
      </svg>
      <span className="login-card__wordmark">Parcel Map</span>
    </div>
  );
}
