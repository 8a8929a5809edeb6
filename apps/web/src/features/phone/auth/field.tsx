import type { ReactNode } from 'react';

/** A labelled form row, touch-sized: the label names the control, the error is read out when it appears. */
export function Field({
  id,
  label,
  error,
  extra,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="phone-form-row">
      <label htmlFor={id} className="phone-form-label">
        {label}
      </label>
      <div className="phone-form-control">
        <div style={{ flex: 1, minWidth: 0 }}>{children}</div>
        {extra}
      </div>
      {error && (
        <div className="phone-form-error" role="alert" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
