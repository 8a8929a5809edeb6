import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button } from 'antd';
import { EnvironmentFilled, MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { MAP_BOUNDS } from '@portal/contract/content';

const TILE = 256;
const HEIGHT = 360;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/** Web Mercator: lon/lat -> world pixels at zoom z, and back. */
export function project(lon: number, lat: number, z: number) {
  const size = TILE * 2 ** z;
  const s = Math.sin((lat * Math.PI) / 180);
  return { x: ((lon + 180) / 360) * size, y: (0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)) * size };
}
export function unproject(x: number, y: number, z: number) {
  const size = TILE * 2 ** z;
  const lon = (x / size) * 360 - 180;
  const n = Math.PI - (2 * Math.PI * y) / size;
  return { lon, lat: (180 / Math.PI) * Math.atan(Math.sinh(n)) };
}
/** Keeps a view inside the document's bounds: lon -180..180, lat -74..74, zoom 3..19. */
export function clampView(lon: number, lat: number, zoom: number) {
  return {
    lon: clamp(lon, MAP_BOUNDS.minLon, MAP_BOUNDS.maxLon),
    lat: clamp(lat, MAP_BOUNDS.minLat, MAP_BOUNDS.maxLat),
    zoom: clamp(Math.round(zoom), MAP_BOUNDS.minZoom, MAP_BOUNDS.maxZoom),
  };
}
export function tileUrl(template: string, z: number, x: number, y: number) {
  return template
    .replace('{s}', 'abc'[(x + y) % 3])
    .replace('{z}', String(z))
    .replace('{x}', String(x))
    .replace('{y}', String(y));
}

/** A small tile map drawn with <img> tiles; falls back to the address card when tiles do not load. */
export function TileMap(props: {
  lon: number;
  lat: number;
  zoom: number;
  template: string;
  label: string;
  onFail: () => void;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(800);
  const [view, setView] = useState(() => clampView(props.lon, props.lat, props.zoom));
  const drag = useRef<{ x: number; y: number } | null>(null);
  const loaded = useRef(0);
  const failed = useRef(0);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const measure = () => setWidth(el.clientWidth || 800);
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // No tile within 8 s: the source is unreachable.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      if (loaded.current === 0) props.onFail();
    }, 8000);
    return () => window.clearTimeout(timer);
  }, [props]);

  const c = project(view.lon, view.lat, view.zoom);
  const n = 2 ** view.zoom;
  const left = c.x - width / 2;
  const top = c.y - HEIGHT / 2;
  const tiles: { x: number; y: number }[] = [];
  for (let x = Math.floor(left / TILE); x <= Math.floor((left + width) / TILE); x++)
    for (let y = Math.floor(top / TILE); y <= Math.floor((top + HEIGHT) / TILE); y++)
      if (x >= 0 && x < n && y >= 0 && y < n) tiles.push({ x, y });
  const marker = project(props.lon, props.lat, view.zoom);

  const panBy = (dx: number, dy: number) => {
    const p = unproject(c.x + dx, c.y + dy, view.zoom);
    setView((v) => clampView(p.lon, p.lat, v.zoom));
  };
  const zoomBy = (d: number) => setView((v) => clampView(v.lon, v.lat, v.zoom + d));
  const onKey = (e: KeyboardEvent) => {
    const k: Record<string, () => void> = {
      '+': () => zoomBy(1),
      '=': () => zoomBy(1),
      '-': () => zoomBy(-1),
      ArrowLeft: () => panBy(-64, 0),
      ArrowRight: () => panBy(64, 0),
      ArrowUp: () => panBy(0, -64),
      ArrowDown: () => panBy(0, 64),
    };
    if (k[e.key]) {
      e.preventDefault();
      k[e.key]();
    }
  };
  const onDown = (e: PointerEvent) => {
    drag.current = { x: e.clientX, y: e.clientY };
    (e.target as Element).setPointerCapture?.(e.pointerId);
  };
  const onMove = (e: PointerEvent) => {
    if (!drag.current) return;
    panBy(drag.current.x - e.clientX, drag.current.y - e.clientY);
    drag.current = { x: e.clientX, y: e.clientY };
  };

  return (
    <div className="tile-map-wrap">
      <div
        ref={box}
        className="tile-map"
        style={{ height: HEIGHT }}
        tabIndex={0}
        role="application"
        aria-label={`${t('content.map.title')}: ${props.label}. ${t('content.map.hint')}`}
        data-zoom={view.zoom}
        onKeyDown={onKey}
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={() => (drag.current = null)}
        onWheel={(e) => zoomBy(e.deltaY < 0 ? 1 : -1)}
      >
        {tiles.map(({ x, y }) => (
          <img
            key={`${view.zoom}/${x}/${y}`}
            className="tile"
            alt=""
            draggable={false}
            src={tileUrl(props.template, view.zoom, x, y)}
            style={{ left: x * TILE - left, top: y * TILE - top }}
            onLoad={() => (loaded.current += 1)}
            onError={() => {
              failed.current += 1;
              if (loaded.current === 0 && failed.current >= Math.min(tiles.length, 2)) props.onFail();
            }}
          />
        ))}
        <EnvironmentFilled
          className="tile-marker"
          style={{ left: marker.x - left - 14, top: marker.y - top - 28 }}
          aria-hidden
        />
        <div className="tile-zoom">
          <Button
            size="small"
            icon={<PlusOutlined />}
            aria-label={t('content.map.zoomIn')}
            onClick={() => zoomBy(1)}
            disabled={view.zoom >= MAP_BOUNDS.maxZoom}
          />
          <Button
            size="small"
            icon={<MinusOutlined />}
            aria-label={t('content.map.zoomOut')}
            onClick={() => zoomBy(-1)}
            disabled={view.zoom <= MAP_BOUNDS.minZoom}
          />
        </div>
      </div>
      <p className="tile-attribution">{t('content.map.attribution')}</p>
    </div>
  );
}
