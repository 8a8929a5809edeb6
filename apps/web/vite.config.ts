import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { DEFAULT_RESPONSE_SECRET } from '@portal/contract/defaults';

/**
 * The phone portal's own copy of react-router (its production build, tree-shaken for the phone's
 * declarative router alone): shared with the desktop, it carried the data router and forms the
 * phone never uses into the phone's first load. Only the phone's files resolve to it, so one
 * router context serves each page. See ARCHITECTURE.md, "The phone portal".
 */
function phoneRouter(): Plugin {
  const phone = path.resolve(import.meta.dirname, 'src/features/phone') + path.sep;
  const entry = path.resolve(import.meta.dirname, 'src/phone-main.tsx');
  return {
    name: 'phone-router',
    apply: 'build',
    enforce: 'pre',
    async resolveId(id, importer) {
      if (id !== 'react-router' || !importer || !(importer.startsWith(phone) || importer === entry)) return null;
      const shared = await this.resolve(id, importer, { skipSelf: true });
      return shared && shared.id.replace(`${path.sep}development${path.sep}`, `${path.sep}production${path.sep}`);
    },
  };
}

// Three entries: the portal (/), the phone portal (/phoneModify) and the staff console (/console).
export default defineConfig({
  plugins: [react(), phoneRouter()],
  define: {
    // Public by design (see ARCHITECTURE.md, "Request path"): it lets the web detect a rewritten answer.
    'import.meta.env.VITE_RESPONSE_SECRET': JSON.stringify(process.env.RESPONSE_SECRET || DEFAULT_RESPONSE_SECRET),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        console: path.resolve(import.meta.dirname, 'console.html'),
        phone: path.resolve(import.meta.dirname, 'phone.html'),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080', '/sandbox': 'http://localhost:8080', '/files': 'http://localhost:8080' },
  },
});
