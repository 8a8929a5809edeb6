import type { ReactNode } from 'react';
import { Breadcrumb, Card } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import '../content.css';

/** A public content page under the home page: the breadcrumb back home, then a card with its title. */
export function ContentPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumb items={[{ title: <Link to="/home">{t('page.home')}</Link> }, { title }]} className="content-crumbs" />
      <Card>
        <h1 className="page-title">{title}</h1>
        {children}
      </Card>
    </>
  );
}
