import './ui.css';
export function Spinner({ title, detail }: { title: string; detail?: string }) {
  return (
    <div className="pm-spinner" role="status" aria-live="polite">
      <div className="pm-spinner__wheel" aria-hidden="true" />
      <p className="pm-spinner__title">{title}</p>
      {detail && <p className="pm-spinner__detail">{detail}</p>}
    </div>
  );
}
