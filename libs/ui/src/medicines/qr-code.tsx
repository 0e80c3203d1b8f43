import { useMemo } from 'react';
import { create as createQr } from 'qrcode';

/**
 * A QR code drawn in the page from the `qrcode` library's module matrix (one SVG path, no
 * third-party service and no HTML injected), black on white with the standard quiet zone.
 */
export default function QrCode({
  text,
  label,
  className,
}: {
  text: string;
  label: string;
  className?: string;
}) {
  const { size, path } = useMemo(() => {
    const { modules } = createQr(text, { errorCorrectionLevel: 'M' });
    const margin = 4;
    let d = '';
    for (let row = 0; row < modules.size; row++)
      for (let col = 0; col < modules.size; col++)
        if (modules.data[row * modules.size + col]) d += `M${col + margin} ${row + margin}h1v1h-1z`;
    return { size: modules.size + 2 * margin, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className={className}
      shapeRendering="crispEdges"
      data-testid="handover-qr"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
