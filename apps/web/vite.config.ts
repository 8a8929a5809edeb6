import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { DEFAULT_RESPONSE_SECRET } from '@portal/contract/defaults';

// Three entries: the portal (/), the phone portal (/phoneModify) and the staff console (/console).
export default defineConfig({
  plugins: [react()],
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
