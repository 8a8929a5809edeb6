/** One way of paying as a large touch target: the platform's mark, its name and what happens next. */
export function WayButton(props: {
  mark: string;
  color: string;
  name: string;
  hint: string;
  disabled?: boolean;
  testId: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="pp-way"
      disabled={props.disabled}
      onClick={props.onClick}
      data-testid={props.testId}
    >
      <span className="pp-way-icon" style={{ background: props.color }} aria-hidden="true">
        {props.mark}
      </span>
      <span className="pp-way-text">
        <span className="pp-way-name">{props.name}</span>
        <span className="pp-way-hint">{props.hint}</span>
      </span>
    </button>
  );
}

/** The guide shown inside WeChat for Alipay: WeChat does not open Alipay, the phone's browser does. */
export function OpenInBrowserGuide(props: {
  title: string;
  steps: string[];
  copyLabel: string;
  close: string;
  onClose: () => void;
}) {
  return (
    <div className="pp-guide" role="dialog" aria-modal="true" aria-labelledby="pp-guide-title" data-testid="pp-guide">
      <span className="pp-guide-arrow" aria-hidden="true">
        ↗
      </span>
      <h2 id="pp-guide-title">{props.title}</h2>
      <ol>
        {props.steps.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ol>
      <p>{props.copyLabel}</p>
      <p className="pp-guide-url">{window.location.href.replace(/[?#].*$/, '')}</p>
      <button type="button" className="pp-way" style={{ justifyContent: 'center' }} onClick={props.onClose} autoFocus>
        {props.close}
      </button>
    </div>
  );
}
