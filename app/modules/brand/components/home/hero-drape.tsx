/*
 * The soft field of silk lines behind the hero text, drawn in the page itself. As an <img> of an SVG file
 * the browser built a document of its own for it on the main thread before the first paint (5–15 ms here,
 * four times that on the phone Lighthouse models); nine paths inline cost the page's parser next to nothing.
 */
const WIDTH = 1600;
const HEIGHT = 1000;
const GOLD = "#c9a96e";

const LINES = Array.from({ length: 9 }, (_, i) => {
  const y = Math.round(HEIGHT * (0.1 + i * 0.1));
  return {
    d: `M -20 ${y} C ${WIDTH * 0.25} ${y - 90 - i * 6} ${WIDTH * 0.45} ${y + 110} ${WIDTH * 0.7} ${y + 10} S ${WIDTH + 40} ${y - 60} ${WIDTH + 40} ${y - 20}`,
    strokeWidth: 1 + (i % 3) * 0.6,
    opacity: 0.55 * (0.5 + (i % 4) * 0.15),
  };
});

export function HeroDrape({ className }: { className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} preserveAspectRatio="xMidYMid slice" className={className}>
      {LINES.map((line) => (
        <path
          key={line.d}
          d={line.d}
          fill="none"
          stroke={GOLD}
          strokeWidth={line.strokeWidth.toFixed(1)}
          opacity={line.opacity.toFixed(2)}
        />
      ))}
    </svg>
  );
}
