import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/**
 * The narrow card of the sign-in pages (a larger centred heading) and of the personal centre: a
 * heading, a short intro, the form; `after` stands outside the card (dialogs, prompts).
 */
export function AuthCard(props: {
  title: string;
  intro?: ReactNode;
  centred?: boolean;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="auth-wrap">
      <Card className="auth-card">
        <Typography.Title level={1} style={props.centred ? { fontSize: 24, textAlign: 'center' } : { fontSize: 22 }}>
          {props.title}
        </Typography.Title>
        {props.intro && <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>}
        {props.children}
      </Card>
      {props.after}
    </div>
  );
}
