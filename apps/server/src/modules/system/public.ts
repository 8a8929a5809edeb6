/** What the system area offers the other areas (ARCHITECTURE.md, "Layers"): the settings they read and write. */
export { publicSettings, readSetting, writeSetting } from './settings-service.ts';
