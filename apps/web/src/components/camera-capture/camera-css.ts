/** The capture's styles (no UI library: the phone portal's first load stays small). Text large enough at arm's length. */
export const CAMERA_CSS = `
.cam-backdrop { position: fixed; inset: 0; z-index: 2000; background: rgba(0,0,0,.72); display: flex; align-items: center; justify-content: center; }
.cam-dialog { background: #fff; color: #1f1f1f; width: min(520px, 100vw); max-height: 100vh; overflow: auto; border-radius: 8px; padding: 12px 16px 16px; box-sizing: border-box; font-size: 16px; }
.cam-head { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.cam-head h2 { font-size: 20px; margin: 4px 0; }
.cam-body { display: flex; flex-direction: column; align-items: stretch; gap: 10px; }
.cam-stage { position: relative; width: min(100%, calc(58vh * 3 / 4)); aspect-ratio: 3 / 4; margin: 0 auto; background: #000; overflow: hidden; border-radius: 4px; }
.cam-video { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; }
.cam-mirror { transform: scaleX(-1); }
.cam-bands { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
.cam-count { position: absolute; inset: 0; display: flex; align-items: center; justify-content: center; font-size: 96px; color: #fff; text-shadow: 0 0 12px #000; }
.cam-say { font-size: 22px; line-height: 1.35; font-weight: 600; margin: 0; padding: 8px 12px; border-radius: 6px; }
.cam-todo { background: #fff7e6; color: #873800; border: 2px solid #fa8c16; }
.cam-ok { background: #f6ffed; color: #135200; border: 2px solid #52c41a; }
.cam-hint, .cam-note, .cam-status { margin: 0; font-size: 15px; color: #434343; }
.cam-note { color: #873800; }
.cam-error { margin: 8px 0; font-size: 18px; color: #a8071a; }
.cam-row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; justify-content: center; }
.cam-btn { font-size: 16px; min-height: 44px; padding: 6px 16px; border-radius: 6px; border: 1px solid #8c8c8c; background: #fff; color: #1f1f1f; cursor: pointer; }
.cam-btn:focus-visible { outline: 3px solid #1677ff; outline-offset: 2px; }
.cam-primary { background: #1677ff; border-color: #1677ff; color: #fff; }
.cam-btn:disabled { background: #d9d9d9; border-color: #bfbfbf; color: #595959; cursor: not-allowed; }
.cam-shutter { font-size: 20px; min-height: 56px; }
.cam-check { font-size: 15px; display: inline-flex; align-items: center; gap: 4px; }
.cam-taken { width: min(100%, 360px); aspect-ratio: 3 / 4; margin: 0 auto; display: block; }
`;
