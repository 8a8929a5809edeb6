import sharp from 'sharp';
import { DEFAULT_BOUNDS } from '@portal/photo-check/bounds';
import { loadFaceModel } from '@portal/photo-check/face-model';
import { captureRect, instructionFor, liveGuidance, type Instruction } from '@portal/photo-check/live-guidance';
import { CheckPool } from './check-pool.ts';
import { normalise } from './decode.ts';
import { realworldBytes, type RealworldPhoto } from './realworld-set.ts';

/** A landscape webcam frame: the photo is shown in it as a student stands in front of the camera. */
const VIDEO_W = 1280;
const VIDEO_H = 720;

/**
 * The photo as the camera capture sees it: drawn into a 1280 x 720 video frame (grey beside it),
 * then the capture's own 3:4 part taken out and scaled to 480 x 640, as the page does per frame.
 */
export async function asVideoFrame(bytes: Buffer): Promise<Uint8Array> {
  const inner = Math.round((VIDEO_H * 3) / 4);
  const video = await sharp(bytes)
    .resize(inner, VIDEO_H, { fit: 'fill' })
    .extend({
      left: Math.floor((VIDEO_W - inner) / 2),
      right: Math.ceil((VIDEO_W - inner) / 2),
      background: { r: 60, g: 60, b: 60 },
    })
    .removeAlpha()
    .raw()
    .toBuffer();
  const r = captureRect(VIDEO_W, VIDEO_H);
  const { data } = await sharp(video, { raw: { width: VIDEO_W, height: VIDEO_H, channels: 3 } })
    .extract({ left: Math.round(r.x), top: Math.round(r.y), width: Math.round(r.width), height: Math.round(r.height) })
    .resize(480, 640, { fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

export interface AgreementRow {
  file: string;
  /** The server's check on the photo as uploaded. */
  accepted: boolean;
  serverProblem: string | null;
  serverInstruction: Instruction | null;
  /** The guidance on the photo as a video frame. */
  green: boolean;
  guided: Instruction | null;
}

export interface Agreement {
  rows: AgreementRow[];
  greens: number;
  greensAccepted: number;
  refused: number;
  refusedNamed: number;
}

/**
 * The guidance against the server's check on the real-world set: how often a frame the guidance
 * turns all green is accepted, and how often its first instruction is the check's main problem.
 */
export async function guidanceAgreement(set: RealworldPhoto[]): Promise<Agreement> {
  const model = await loadFaceModel('tiny');
  const pool = new CheckPool(1, 'tiny');
  const rows: AgreementRow[] = [];
  try {
    for (const photo of set) {
      const bytes = realworldBytes(photo);
      const n = await normalise(bytes, 'task', DEFAULT_BOUNDS);
      const server = await pool.check({ rgb: n.rgb, width: n.width, height: n.height, bounds: DEFAULT_BOUNDS });
      const frame = { data: await asVideoFrame(bytes), width: 480, height: 640 };
      const face = await model.find(frame.data, 480, 640);
      await face.describe(false);
      const g = liveGuidance(frame, face, DEFAULT_BOUNDS);
      const main = server.passed ? null : (server.check.problems?.[0] ?? null);
      rows.push({
        file: photo.file,
        accepted: server.passed,
        serverProblem: main,
        serverInstruction: main ? instructionFor(main, server.check, false) : null,
        green: g.ready,
        guided: g.instruction,
      });
    }
  } finally {
    await pool.close();
  }
  const greens = rows.filter((r) => r.green);
  const refused = rows.filter((r) => !r.accepted);
  return {
    rows,
    greens: greens.length,
    greensAccepted: greens.filter((r) => r.accepted).length,
    refused: refused.length,
    refusedNamed: refused.filter((r) => r.guided === r.serverInstruction).length,
  };
}
