import type { ReactNode } from 'react';

/**
 * A labelled row of the phone order forms, one column; the error is read out when it appears.
 * Choices are a labelled group. Ids are `${prefix}-${k}` (the field), `-label` and `-error`.
 */
export function FormRow({
  prefix,
  k,
  label,
  error,
  group,
  children,
}: {
  prefix: string;
  k: string;
  label: string;
  error?: string;
  group?: boolean;
  children: ReactNode;
}) {
  const id = `${prefix}-${k}`;
  return (
    <div
      className="phone-form-row"
      style={{ paddingInline: 0 }}
      id={group ? id : undefined}
      role={group ? 'group' : undefined}
      aria-labelledby={group ? `${id}-label` : undefined}
    >
      {group ? (
        <span id={`${id}-label`} className="phone-form-label">
          {label}
        </span>
      ) : (
        <label htmlFor={id} className="phone-form-label">
          {label}
        </label>
      )}
      {children}
      {error && (
        <div className="phone-form-error" role="alert" id={`${id}-error`}>
          {error}
        </div>
      )}
    </div>
  );
}
