// The QR code of the otpauth:// URI, drawn as one SVG path from the server's module matrix (no script, no
// canvas, no image URL: the strict CSP allows it). Dark modules on white in both themes, as scanners expect.
export function QrCode({ modules, label }: { modules: boolean[][]; label: string }) {
  const size = modules.length;
  const path = modules
    .flatMap((row, y) => row.map((dark, x) => (dark ? `M${x} ${y}h1v1h-1z` : '')))
    .join('');
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="h-48 w-48 rounded-md bg-white"
      shapeRendering="crispEdges"
    >
      <path d={path} fill="#000" />
    </svg>
  );
}
