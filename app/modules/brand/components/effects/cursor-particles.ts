/**
 * The golden cursor's particles (SPEC §1, §9), kept free of the DOM so the
 * numbers can be tested: 3 per mouse move, each living 60 frames, 2 to 6 px
 * across, from 5 gold and white shades, fading out as they age.
 */
export const PARTICLES_PER_MOVE = 3;
export const PARTICLE_LIFE_FRAMES = 60;
export const PARTICLE_MIN_SIZE = 2;
export const PARTICLE_MAX_SIZE = 6;
export const PARTICLE_COLOURS = ["#c9a96e", "#d4b57a", "#e9d3a6", "#f5e6c8", "#ffffff"] as const;

export interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  /** Diameter in CSS pixels. */
  size: number;
  colour: string;
  /** Frames left to live. */
  life: number;
}

export function spawnParticles(x: number, y: number, random: () => number = Math.random): Particle[] {
  return Array.from({ length: PARTICLES_PER_MOVE }, () => {
    const angle = random() * Math.PI * 2;
    const speed = 0.3 + random() * 1.2;
    return {
      x,
      y,
      vx: Math.cos(angle) * speed,
      // A little lift, then gravity draws them down like falling glitter.
      vy: Math.sin(angle) * speed - 0.6,
      size: PARTICLE_MIN_SIZE + random() * (PARTICLE_MAX_SIZE - PARTICLE_MIN_SIZE),
      colour: PARTICLE_COLOURS[Math.floor(random() * PARTICLE_COLOURS.length)] ?? PARTICLE_COLOURS[0],
      life: PARTICLE_LIFE_FRAMES,
    };
  });
}

/** One frame: every particle moves and ages; the dead are dropped. */
export function stepParticles(particles: Particle[]): Particle[] {
  const alive: Particle[] = [];
  for (const p of particles) {
    const life = p.life - 1;
    if (life <= 0) continue;
    alive.push({ ...p, x: p.x + p.vx, y: p.y + p.vy, vx: p.vx * 0.98, vy: p.vy + 0.04, life });
  }
  return alive;
}

/** Opacity from age: full when born, nothing at the end of its 60 frames. */
export function particleOpacity(p: Particle): number {
  return Math.max(0, Math.min(1, p.life / PARTICLE_LIFE_FRAMES));
}
