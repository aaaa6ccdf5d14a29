/* The player's icons: 16 or 24 px inline SVG paths (no icon font, no request), coloured by currentColor. */

const Svg = ({ size, d }: { size: number; d: string }) => (
  <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <path d={d} />
  </svg>
);

export const PlayIcon = ({ size = 16 }: { size?: number }) => (
  <Svg size={size} d="M3 1.7v12.6a.7.7 0 0 0 1.05.6l10.9-6.3a.7.7 0 0 0 0-1.2L4.05 1.1A.7.7 0 0 0 3 1.7z" />
);
export const PauseIcon = ({ size = 16 }: { size?: number }) => (
  <Svg
    size={size}
    d="M2.7 1a.7.7 0 0 0-.7.7v12.6a.7.7 0 0 0 .7.7h2.6a.7.7 0 0 0 .7-.7V1.7a.7.7 0 0 0-.7-.7H2.7zm8 0a.7.7 0 0 0-.7.7v12.6a.7.7 0 0 0 .7.7h2.6a.7.7 0 0 0 .7-.7V1.7a.7.7 0 0 0-.7-.7h-2.6z"
  />
);
export const NextIcon = () => (
  <Svg
    size={16}
    d="M12.7 1a.7.7 0 0 0-.7.7v5.15L2.05 1.1A.7.7 0 0 0 1 1.7v12.6a.7.7 0 0 0 1.05.6L12 9.15v5.15a.7.7 0 0 0 .7.7h1.6a.7.7 0 0 0 .7-.7V1.7a.7.7 0 0 0-.7-.7h-1.6z"
  />
);
export const PreviousIcon = () => (
  <Svg
    size={16}
    d="M3.3 1a.7.7 0 0 1 .7.7v5.15l9.95-5.75a.7.7 0 0 1 1.05.6v12.6a.7.7 0 0 1-1.05.6L4 9.15v5.15a.7.7 0 0 1-.7.7H1.7a.7.7 0 0 1-.7-.7V1.7a.7.7 0 0 1 .7-.7h1.6z"
  />
);
export const HeartIcon = ({ filled }: { filled: boolean }) => (
  <Svg
    size={16}
    d={
      filled
        ? 'M15.72 5.57a4.3 4.3 0 0 0-7.72-2.6 4.3 4.3 0 0 0-7.72 2.6c0 1.47.66 2.74 1.66 3.8L8 15l6.06-5.63c1-1.06 1.66-2.33 1.66-3.8z'
        : 'M5.21 2.5a3 3 0 0 0-3.43 3.07c0 1 .45 1.9 1.26 2.78L8 12.95l4.96-4.6c.81-.88 1.26-1.78 1.26-2.78a3 3 0 0 0-5.65-1.42L8 5.24l-.57-1.07A3 3 0 0 0 5.2 2.5zM8 2.97a4.5 4.5 0 0 1 7.72 2.6c0 1.5-.67 2.8-1.7 3.9L8 15 1.98 9.47A5.5 5.5 0 0 1 .28 5.57 4.5 4.5 0 0 1 8 2.97z'
    }
  />
);
export const VolumeIcon = ({ muted }: { muted: boolean }) => (
  <Svg
    size={16}
    d={
      muted
        ? 'M9.74.04a.75.75 0 0 1 .76.65v14.62a.75.75 0 0 1-1.15.63L3.08 12H.75A.75.75 0 0 1 0 11.25v-6.5A.75.75 0 0 1 .75 4h2.33L9.35.11a.75.75 0 0 1 .39-.07zM13.86 5.47l1.06 1.06L13.45 8l1.47 1.47-1.06 1.06-1.47-1.47-1.47 1.47-1.06-1.06L11.33 8 9.86 6.53l1.06-1.06 1.47 1.47 1.47-1.47z'
        : 'M9.74.04a.75.75 0 0 1 .76.65v14.62a.75.75 0 0 1-1.15.63L3.08 12H.75A.75.75 0 0 1 0 11.25v-6.5A.75.75 0 0 1 .75 4h2.33L9.35.11a.75.75 0 0 1 .39-.07zM12 4.2a4.5 4.5 0 0 1 0 7.6V10a2.5 2.5 0 0 0 0-4V4.2zm0-3.2a7.5 7.5 0 0 1 0 14v-1.6a6 6 0 0 0 0-10.8V1z'
    }
  />
);
export const HomeIcon = () => <Svg size={24} d="M8 .5 0 6.5V16h6v-5h4v5h6V6.5L8 .5zm6 13.5h-2V9H4v5H2V7.5l6-4.5 6 4.5V14z" />;
export const SearchIcon = () => (
  <Svg size={24} d="M6.5 1a5.5 5.5 0 1 0 3.4 9.83l3.63 3.64 1.06-1.06-3.63-3.64A5.5 5.5 0 0 0 6.5 1zM2.5 6.5a4 4 0 1 1 8 0 4 4 0 0 1-8 0z" />
);
export const LibraryIcon = () => <Svg size={24} d="M1 1h2v14H1V1zm4 0h2v14H5V1zm4.2.5 1.9-.6 4.3 13.4-1.9.6L9.2 1.5z" />;
