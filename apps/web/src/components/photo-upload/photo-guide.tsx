import { useTranslation } from 'react-i18next';
import type { PhotoCheck } from '@portal/contract/photos';

const W = 480;
const H = 640;
// The standard's bands on the 480 x 640 frame: head top 50-110 px, eye line 200-300 px, and the
// face edges for a centred face 180-300 px wide (margins 90-150 px on each side).
const HEAD = { min: 50, max: 110 };
const EYES = { min: 200, max: 300 };
const EDGE = { min: 90, max: 150 };
const ORANGE = 'rgba(250, 140, 22, 0.30)';
const BLUE = 'rgba(22, 119, 255, 0.26)';
const GREEN = 'rgba(82, 196, 26, 0.24)';
const BAD = '#f5222d';
const GOOD = '#389e0d';

interface Props {
  src: string;
  /** The check of this photo: its measured lines are drawn, failing ones in red. */
  check?: PhotoCheck | null;
  /** Width on screen (px); the height follows at 3:4. */
  width?: number;
  alt: string;
  /** The bands' key under the photo (off where the photo fills a small fixed box). */
  legend?: boolean;
}

/**
 * A photo with the standard's three bands drawn over it (head top, eye line, face width) and,
 * when a check is given, where the check measured the head top, the eyes and the face edges:
 * green inside the band, red outside, with the failing item named beside its line.
 */
export function PhotoWithGuide({ src, check, width = 240, alt, legend = true }: Props) {
  const { t } = useTranslation();
  const height = Math.round((width * H) / W);
  const font = Math.max(14, Math.round(13 * (W / width)));
  const lines: { key: string; x1: number; y1: number; x2: number; y2: number; ok: boolean; label: string }[] = [];
  const measured = check && check.eyeSide.value > 0;
  if (check && measured) {
    lines.push({
      key: 'top',
      x1: 0,
      x2: W,
      y1: check.topSide.value,
      y2: check.topSide.value,
      ok: check.topSide.result && check.topComplete,
      label: t('photos.mark.top'),
    });
    lines.push({
      key: 'eyes',
      x1: 0,
      x2: W,
      y1: check.eyeSide.value,
      y2: check.eyeSide.value,
      ok: check.eyeSide.result,
      label: t('photos.mark.eyes'),
    });
    lines.push({
      key: 'left',
      x1: check.leftSide.value,
      x2: check.leftSide.value,
      y1: 0,
      y2: H,
      ok: check.leftSide.result,
      label: t('photos.mark.left'),
    });
    const r = W - check.rightSide.value;
    lines.push({ key: 'right', x1: r, x2: r, y1: 0, y2: H, ok: check.rightSide.result, label: t('photos.mark.right') });
  }
  // A face edge's label sits outside the face (left of the left edge, right of the right one), so the
  // two labels of a small face do not run into each other; inside only where the frame's edge is near.
  const room = font * 4;
  const outward = (l: { key: string; x1: number }): 'start' | 'end' =>
    l.key === 'left' ? (l.x1 > room ? 'end' : 'start') : l.x1 < W - room ? 'start' : 'end';
  return (
    <figure style={{ margin: 0, width }} className="photo-with-guide">
      <div style={{ position: 'relative', width, height, background: '#fafafa' }}>
        <img src={src} alt={alt} width={width} height={height} style={{ display: 'block' }} />
        <svg
          viewBox={`0 0 ${W} ${H}`}
          width={width}
          height={height}
          style={{ position: 'absolute', inset: 0 }}
          aria-hidden="true"
        >
          <rect x={0} y={HEAD.min} width={W} height={HEAD.max - HEAD.min} fill={ORANGE} />
          <rect x={0} y={EYES.min} width={W} height={EYES.max - EYES.min} fill={BLUE} />
          <rect x={EDGE.min} y={0} width={EDGE.max - EDGE.min} height={H} fill={GREEN} />
          <rect x={W - EDGE.max} y={0} width={EDGE.max - EDGE.min} height={H} fill={GREEN} />
          {lines.map((l) => (
            <g key={l.key}>
              <line
                x1={l.x1}
                y1={l.y1}
                x2={l.x2}
                y2={l.y2}
                stroke={l.ok ? GOOD : BAD}
                strokeWidth={l.ok ? 3 : 5}
                strokeDasharray={l.ok ? '10 8' : undefined}
              />
              {!l.ok && (
                <text
                  x={l.y1 === l.y2 ? 8 : l.x1 + (outward(l) === 'start' ? 8 : -8)}
                  y={l.y1 === l.y2 ? Math.max(font + 2, l.y1 - 6) : H - 16}
                  fill="#fff"
                  stroke={BAD}
                  strokeWidth={5}
                  paintOrder="stroke"
                  fontSize={font}
                  fontWeight={700}
                  textAnchor={l.y1 === l.y2 ? 'start' : outward(l)}
                >
                  {l.label}
                </text>
              )}
            </g>
          ))}
        </svg>
      </div>
      {legend && (
        <figcaption style={{ fontSize: 12, color: 'rgba(0,0,0,0.65)', marginTop: 4 }}>
          <span style={{ background: ORANGE, padding: '0 4px', whiteSpace: 'nowrap' }}>{t('photos.band.head')}</span>{' '}
          <span style={{ background: BLUE, padding: '0 4px', whiteSpace: 'nowrap' }}>{t('photos.band.eyes')}</span>{' '}
          <span style={{ background: GREEN, padding: '0 4px', whiteSpace: 'nowrap' }}>{t('photos.band.face')}</span>
        </figcaption>
      )}
    </figure>
  );
}
