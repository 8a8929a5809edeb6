import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The import fences of ARCHITECTURE.md, "Layers", are lint errors: these snippets, linted with the
// repository's own eslint.config.js at the paths where they would live, prove that each fence
// holds on the resolved file (not on how the import is spelled) and that a folder's own rule
// never switches off a wider one.

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

interface Found {
  ruleId: string | null;
  message: string;
}

/** The errors the repository's config reports for this code at this path. */
async function errorsOf(filePath: string, code: string): Promise<Found[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return result.messages.filter((m) => m.severity === 2).map(({ ruleId, message }) => ({ ruleId, message }));
}

/** Only the import fences (unused names and the like are not what these snippets are about). */
const fences = (found: Found[]) =>
  found.filter((f) => /^(import-x\/|no-restricted-imports$)/.test(f.ruleId ?? '') || f.ruleId === null);

const ORDERS_PAGE = 'apps/web/src/features/orders/pages/fence-probe-page.tsx';

// Linting a server file follows its whole import graph (no-cycle), which takes a loaded machine
// well past the default time limit.
describe('import fences (eslint.config.js)', { timeout: 180_000 }, () => {
  it('refuse a feature page importing another feature by a relative path', async () => {
    const found = fences(await errorsOf(ORDERS_PAGE, "export { useWashOrder } from '../../reprint/api.ts';\n"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((f) => f.message).join('\n')).toMatch(/A feature never imports another feature/);
  });

  it('refuse a feature page importing database code, whatever the feature folder says', async () => {
    const found = fences(await errorsOf(ORDERS_PAGE, "export { eq } from 'drizzle-orm';\n"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((f) => f.message).join('\n')).toMatch(/the web sees contract types only/);
  });

  it('refuse a feature page importing the server by a relative path', async () => {
    const found = fences(await errorsOf(ORDERS_PAGE, "export { buildApp } from '../../../../../server/src/app.ts';\n"));
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((f) => f.message).join('\n')).toMatch(/Apps never import each other/);
  });

  it('refuse shared web code importing a feature or the app', async () => {
    const lib = fences(
      await errorsOf('apps/web/src/lib/fence-probe.ts', "export { useOrder } from '../features/orders/api.ts';\n"),
    );
    expect(lib.map((f) => f.message).join('\n')).toMatch(/Imports flow one way/);
    const component = fences(
      await errorsOf('apps/web/src/components/fence-probe.tsx', "export { router } from '../app/router.tsx';\n"),
    );
    expect(component.map((f) => f.message).join('\n')).toMatch(/Imports flow one way/);
  });

  it('refuse the contract importing database or app code', async () => {
    const db = fences(
      await errorsOf('packages/contract/src/fence-probe.ts', "export { pgTable } from 'drizzle-orm/pg-core';\n"),
    );
    expect(db.map((f) => f.message).join('\n')).toMatch(/The contract imports neither app nor database code/);
    const app = fences(
      await errorsOf(
        'packages/contract/src/fence-probe.ts',
        "export { ok } from '../../../apps/server/src/http/envelope.ts';\n",
      ),
    );
    expect(app.map((f) => f.message).join('\n')).toMatch(/The contract imports neither app nor database code/);
  });

  it('refuse the photo engine importing app, database or HTTP code', async () => {
    const probe = 'packages/photo-check/src/fence-probe.ts';
    for (const code of [
      "export { pgTable } from 'drizzle-orm/pg-core';\n",
      "export { default as Fastify } from 'fastify';\n",
      "export { ok } from '../../../apps/server/src/http/envelope.ts';\n",
      "export type { Config } from '../../../apps/server/src/config.ts';\n",
    ]) {
      const found = fences(await errorsOf(probe, code));
      expect(found.map((f) => f.message).join('\n'), code).toMatch(
        /The photo engine imports no app, database or HTTP code/,
      );
    }
    // Its own files and the contract it may use.
    expect(fences(await errorsOf(probe, "export { measure } from './measure.ts';\n"))).toEqual([]);
    expect(fences(await errorsOf(probe, "export { photoProblems } from '@portal/contract/photos';\n"))).toEqual([]);
  });

  it('refuse a provider importing a module, and the database layer importing http', async () => {
    const provider = fences(
      await errorsOf(
        'apps/server/src/providers/fence-probe.ts',
        "export { transition } from '../modules/orders/transition.ts';\n",
      ),
    );
    expect(provider.map((f) => f.message).join('\n')).toMatch(/Providers import neither modules nor http/);
    const db = fences(
      await errorsOf('apps/server/src/db/fence-probe.ts', "export { ok } from '../http/envelope.ts';\n"),
    );
    expect(db.map((f) => f.message).join('\n')).toMatch(/bottom layer/);
  });

  it('refuse the server importing the web', async () => {
    const found = fences(
      await errorsOf(
        'apps/server/src/modules/orders/fence-probe.ts',
        "export { apiGet } from '../../../../web/src/lib/api/client.ts';\n",
      ),
    );
    expect(found.map((f) => f.message).join('\n')).toMatch(/Apps never import each other/);
  });

  it('refuse import cycles in the web and the contract', async () => {
    // A cycle needs two files on disk, so this checks the rule is on where it must be.
    for (const file of [ORDERS_PAGE, 'apps/web/src/lib/fence-probe.ts', 'packages/contract/src/fence-probe.ts']) {
      const config = await eslint.calculateConfigForFile(path.join(ROOT, file));
      expect([file, config.rules['import-x/no-cycle']?.[0]]).toEqual([file, 2]);
    }
  });

  it("refuse another area, or a layer below, importing past a server module's public.ts", async () => {
    const probes: [string, string][] = [
      ['apps/server/src/modules/payments/fence-probe.ts', "export { orderById } from '../orders/repo.ts';\n"],
      ['apps/server/src/modules/payments/fence-probe.ts', "export { writeAudit } from '../staff/audit.ts';\n"],
      ['apps/server/src/admin-fence-probe.ts', "export { orderById } from './modules/orders/repo.ts';\n"],
      ['apps/server/src/db/seed/fence-probe.ts', "export { photoUrl } from '../../modules/photos/photo-service.ts';\n"],
    ];
    for (const [file, code] of probes) {
      const found = fences(await errorsOf(file, code));
      expect(found.map((f) => f.message).join('\n'), `${file}: ${code}`).toMatch(/only through its public\.ts/);
    }
    // Through the face it passes; the app's assembly may also take the area's plugins, nothing else.
    const face = await errorsOf(
      'apps/server/src/modules/payments/fence-probe.ts',
      "export { orderById } from '../orders/public.ts';\nexport { writeAudit } from '../staff/public.ts';\n",
    );
    expect(fences(face)).toEqual([]);
    const assembly = 'apps/server/src/modules/console/routes.ts';
    expect(
      fences(await errorsOf(assembly, "export { consoleOrderRoutes } from '../orders/staff-routes.ts';\n")),
    ).toEqual([]);
    const inner = fences(await errorsOf(assembly, "export { orderById } from '../orders/repo.ts';\n"));
    expect(inner.map((f) => f.message).join('\n')).toMatch(/assembly takes modules\/orders's public\.ts/);
  });

  it('refuse http, configuration, the context and backups importing a module', async () => {
    const probes: [string, string, RegExp][] = [
      [
        'apps/server/src/http/fence-probe.ts',
        "export { photoUrl } from '../modules/photos/public.ts';\n",
        /HTTP plumbing/,
      ],
      [
        'apps/server/src/http/fence-probe.ts',
        "export { buildParties } from '../providers/index.ts';\n",
        /HTTP plumbing/,
      ],
      [
        'apps/server/src/config/fence-probe.ts',
        "export type { OrderRow } from '../modules/orders/public.ts';\n",
        /Configuration imports no module/,
      ],
      [
        'apps/server/src/context.ts',
        "export type { OrdersState } from './modules/orders/state.ts';\n",
        /context\.ts names no module/,
      ],
      ['apps/server/src/ops/fence-probe.ts', "export { ok } from '../http/envelope.ts';\n", /Backups import no module/],
    ];
    for (const [file, code, message] of probes) {
      const found = fences(await errorsOf(file, code));
      expect(found.map((f) => f.message).join('\n'), `${file}: ${code}`).toMatch(message);
    }
  });

  it("refuse a server module's public.ts re-exporting its plugins", async () => {
    const found = fences(
      await errorsOf('apps/server/src/modules/orders/public.ts', "export { ordersRoutes } from './routes.ts';\n"),
    );
    expect(found.map((f) => f.message).join('\n')).toMatch(/public\.ts leaves its plugins out/);
  });

  it('refuse an import cycle in the server', async () => {
    // orders/repo.ts imports order-no.ts: order-no.ts importing repo.ts back closes a circle.
    const found = fences(
      await errorsOf('apps/server/src/modules/orders/order-no.ts', "export { createOrder } from './repo.ts';\n"),
    );
    expect(found.map((f) => `${f.ruleId}: ${f.message}`).join('\n')).toMatch(/import-x\/no-cycle: Dependency cycle/);
  });

  it('let legal imports through', async () => {
    const page = await errorsOf(
      ORDERS_PAGE,
      [
        "export { useOrder } from '../api.ts';",
        "export { apiGet } from '../../../lib/api/client.ts';",
        "export { QueryState } from '../../../components/query-state.tsx';",
        "export { ORDER_STATE } from '@portal/contract/order-states';",
        '',
      ].join('\n'),
    );
    expect(page).toEqual([]);
    const provider = await errorsOf(
      'apps/server/src/providers/fence-probe.ts',
      "export type { Config } from '../config.ts';\nexport { ORDER_STATE } from '@portal/contract/order-states';\n",
    );
    expect(provider).toEqual([]);
  });
});
