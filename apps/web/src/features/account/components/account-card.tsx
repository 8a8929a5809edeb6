import type { ReactNode } from 'react';
import { Card, Typography } from 'antd';

/** The frame of a personal-centre page: a heading and its form. */
export function AccountCard(props: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth-wrap">
      <Card className="auth-card">
        <Typography.Title level={1} style={{ fontSize: 22 }}>
          {props.title}
        </Typography.Title>
        {props.intro && <Typography.Paragraph type="secondary">{props.intro}</Typography.Paragraph>}
        {props.children}
      </Card>
    </div>
  );
}
