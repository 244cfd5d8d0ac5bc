import { useEffect, useRef } from "react";
import { particleOpacity, spawnParticles, stepParticles, type Particle } from "./cursor-particles";

/**
 * The canvas and its animation loop. The loop runs only while a particle is
 * alive, so a still mouse costs nothing. Never takes a click, never read out.
 */
export default function GoldenCursorCanvas() {
  const canvasRef = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext("2d");
    if (!canvas || !context) return;
    let particles: Particle[] = [];
    let frame = 0;

    const resize = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      canvas.width = Math.round(window.innerWidth * ratio);
      canvas.height = Math.round(window.innerHeight * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
    };

    const draw = () => {
      context.clearRect(0, 0, canvas.width, canvas.height);
      for (const p of particles) {
        context.globalAlpha = particleOpacity(p);
        context.fillStyle = p.colour;
        context.beginPath();
        context.arc(p.x, p.y, p.size / 2, 0, Math.PI * 2);
        context.fill();
      }
      context.globalAlpha = 1;
    };

    const tick = () => {
      particles = stepParticles(particles);
      draw();
      canvas.dataset.particles = String(particles.length);
      if (particles.length > 0) {
        frame = window.requestAnimationFrame(tick);
      } else {
        frame = 0;
        canvas.dataset.running = "false";
      }
    };

    const onMove = (event: MouseEvent) => {
      particles.push(...spawnParticles(event.clientX, event.clientY));
      canvas.dataset.particles = String(particles.length);
      if (!frame) {
        canvas.dataset.running = "true";
        frame = window.requestAnimationFrame(tick);
      }
    };

    resize();
    canvas.dataset.running = "false";
    window.addEventListener("resize", resize);
    window.addEventListener("mousemove", onMove, { passive: true });
    return () => {
      window.removeEventListener("resize", resize);
      window.removeEventListener("mousemove", onMove);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);

  return (
    <canvas
      ref={canvasRef}
      data-testid="golden-cursor"
      aria-hidden="true"
      className="pointer-events-none fixed inset-0 z-[90] h-full w-full"
    />
  );
}
