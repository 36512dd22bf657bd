import type { Icon as IconName } from '../generated/content';

// Simple 24×24 line drawings; stroke-only so they take the text colour around them.
const PATHS: Record<IconName, string> = {
  alert: 'M12 3 2 20h20L12 3zm0 6v5m0 3v.01',
  badge: 'M12 2l2.4 4.8 5.3.8-3.8 3.7.9 5.3L12 14l-4.8 2.6.9-5.3-3.8-3.7 5.3-.8L12 2zM8 17l-1 5 5-2 5 2-1-5',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7l1-8z',
  building: 'M4 21V4h10v17M14 9h6v12M8 8h2m-2 4h2m-2 4h2M2 21h20',
  camera: 'M3 7h4l2-3h6l2 3h4v13H3V7zm9 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8z',
  chart: 'M4 20V4m0 16h16M8 16v-5m4 5V8m4 8v-3m4 3V6',
  chat: 'M4 5h16v11H9l-5 4V5zm4 5h8m-8 3h5',
  check: 'M4 12.5 9.5 18 20 6',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zm0 4v5l3 3',
  code: 'M8 7l-5 5 5 5m8-10 5 5-5 5M14 4l-4 16',
  document: 'M6 2h8l4 4v16H6V2zm8 0v4h4M9 11h6m-6 4h6m-6 4h4',
  dollar: 'M12 2v20m5-16H9.5a3.5 3.5 0 0 0 0 7h5a3.5 3.5 0 0 1 0 7H6',
  download: 'M12 3v12m-5-5 5 5 5-5M4 19h16',
  eye: 'M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zm10-3a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  gamepad: 'M6 8h12a4 4 0 0 1 4 4v1a4 4 0 0 1-7 2.6L14 15h-4l-1 .6A4 4 0 0 1 2 13v-1a4 4 0 0 1 4-4zm1 2v4m-2-2h4m7-1h.01M18 13h.01',
  globe: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  heart: 'M12 20s-8-4.6-8-10.2A4.6 4.6 0 0 1 12 7a4.6 4.6 0 0 1 8 2.8C20 15.4 12 20 12 20z',
  lock: 'M5 11h14v10H5V11zm3 0V7a4 4 0 0 1 8 0v4m-4 4v2',
  mail: 'M3 5h18v14H3V5zm0 1 9 7 9-7',
  'map-pin': 'M12 22s7-6.2 7-12a7 7 0 0 0-14 0c0 5.8 7 12 7 12zm0-15a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zm11-2a3 3 0 1 1-6 0 3 3 0 0 1 6 0z',
  palette: 'M12 3a9 9 0 0 0 0 18c1.1 0 1.6-.9 1.2-1.8-.5-1.1.2-2.2 1.4-2.2H17a4 4 0 0 0 4-4c0-5.5-4-10-9-10zM7.5 11h.01M10 7h.01M15 7h.01',
  pen: 'M4 20l4-1 11-11-3-3L5 16l-1 4zm10-13 3 3',
  phone: 'M5 3h4l2 5-3 2a11 11 0 0 0 6 6l2-3 5 2v4a2 2 0 0 1-2 2A17 17 0 0 1 3 5a2 2 0 0 1 2-2z',
  rocket: 'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2m-1-4 4 4m-6-2 2-5c3-6 8-8 13-8 0 5-2 10-8 13l-5 2m3-10h.01',
  scale: 'M12 3v18M7 21h10M5 7h14M5 7l-3 7a3 3 0 0 0 6 0L5 7zm14 0-3 7a3 3 0 0 0 6 0l-3-7z',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm5 12 5 5',
  shield: 'M12 2 4 5v6c0 5 3.4 9.4 8 11 4.6-1.6 8-6 8-11V5l-8-3zm-3.5 10 2.5 2.5 5-5',
  star: 'M12 3l2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9L12 3z',
  users: 'M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 10v-1a6 6 0 0 1 12 0v1m2-10a3.5 3.5 0 1 0 0-7m6 17v-1a5 5 0 0 0-4-4.9',
  video: 'M3 6h13v12H3V6zm13 4 5-3v10l-5-3',
  wordpress: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5 8l4.5 12M10 7.5h4M8 8l4 11 3-9m-1-2 3.5 10.5L20 10',
};

/** A decorative line icon: hidden from assistive technology, since the text beside it says the same. */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
