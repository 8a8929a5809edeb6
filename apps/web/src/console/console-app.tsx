import { PagePlaceholder } from '../components/page-placeholder.tsx';

/** The staff console (built in the console issue). */
export function ConsoleApp() {
  return (
    <div style={{ padding: 24 }}>
      <PagePlaceholder title="运营管理后台 / Staff console" />
    </div>
  );
}
