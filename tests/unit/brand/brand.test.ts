import { describe, expect, it } from "vitest";
import { formatPrice } from "~/lib/format";
import { FAQ_CATEGORIES } from "~/modules/brand/content/faq";
import {
  PARTICLE_COLOURS,
  PARTICLE_LIFE_FRAMES,
  particleOpacity,
  PARTICLES_PER_MOVE,
  spawnParticles,
  stepParticles,
} from "~/modules/brand/components/effects/cursor-particles";
import { NEWSLETTER_MESSAGES } from "~/modules/newsletter/constants";
import { newsletterSignupSchema } from "~/modules/newsletter/schema";

describe("formatPrice (SPEC §9: currency code, dollar sign, 2 decimals)", () => {
  it.each([
    [{ amount: "1249.0", currencyCode: "USD" }, "USD $1,249.00"],
    [{ amount: "89.5", currencyCode: "USD" }, "USD $89.50"],
    [{ amount: "0", currencyCode: "USD" }, "USD $0.00"],
    [{ amount: "12500", currencyCode: "CAD" }, "CAD $12,500.00"],
    [{ amount: "19.999", currencyCode: "USD" }, "USD $20.00"],
  ])("%o is %s", (money, expected) => {
    expect(formatPrice(money)).toBe(expected);
  });

  it("refuses what is not an amount rather than show a wrong price", () => {
    expect(() => formatPrice({ amount: "", currencyCode: "USD" })).toThrow(TypeError);
    expect(() => formatPrice({ amount: "abc", currencyCode: "USD" })).toThrow(TypeError);
  });
});

describe("newsletter email schema (SPEC §5)", () => {
  it.each(["ava@example.com", "  ava@example.com ", "a.b+tag@sub.example.co.uk"])("accepts %j", (email) => {
    const parsed = newsletterSignupSchema.safeParse({ email });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.email).toBe(email.trim());
  });

  it.each(["", "   ", "ava.example.com", "ava@example", "ava @example.com", "@.", undefined, 7])(
    "refuses %j with 'Please enter a valid email address'",
    (email) => {
      const parsed = newsletterSignupSchema.safeParse({ email });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(NEWSLETTER_MESSAGES.invalidEmail);
    },
  );
});

describe("golden cursor particles (SPEC §9)", () => {
  it("spawns 3 per move, 2 to 6 px, from the 5 gold and white shades", () => {
    let seed = 0;
    const random = () => (seed = (seed * 9301 + 49297) % 233280) / 233280;
    for (let move = 0; move < 200; move++) {
      const born = spawnParticles(100, 200, random);
      expect(born).toHaveLength(PARTICLES_PER_MOVE);
      for (const p of born) {
        expect(p.size).toBeGreaterThanOrEqual(2);
        expect(p.size).toBeLessThanOrEqual(6);
        expect(PARTICLE_COLOURS).toContain(p.colour);
        expect(p.life).toBe(60);
        expect(particleOpacity(p)).toBe(1);
      }
    }
    expect(PARTICLE_COLOURS).toHaveLength(5);
  });

  it("each lives 60 frames, fading out, and then is gone", () => {
    let particles = spawnParticles(0, 0);
    const opacities: number[] = [];
    let frames = 0;
    while (particles.length > 0) {
      particles = stepParticles(particles);
      frames++;
      if (particles[0]) opacities.push(particleOpacity(particles[0]));
    }
    expect(frames).toBe(PARTICLE_LIFE_FRAMES);
    expect(opacities.every((o, i) => i === 0 || o < opacities[i - 1]!)).toBe(true);
    expect(opacities.at(-1)).toBeLessThan(0.05);
  });
});

describe("FAQ content (SPEC §9 facts)", () => {
  const text = FAQ_CATEGORIES.flatMap((c) => c.items.map((i) => `${i.question} ${i.answer}`)).join("\n");
  it("has six categories, each with questions", () => {
    expect(FAQ_CATEGORIES).toHaveLength(6);
    for (const category of FAQ_CATEGORIES) expect(category.items.length).toBeGreaterThan(0);
  });
  it.each([
    "5-7 business days",
    "2-3 days",
    "4-6 weeks",
    "at least 8 weeks before your event",
    "within 24 hours",
    "within 14 days of delivery",
    "unworn",
    "tags",
    "final sale",
    "Simple hems start at $50",
    "up to 2 guests",
    "within the US only",
    "Within 2 weeks of the wedding",
  ])("says %j", (fact) => {
    expect(text).toContain(fact);
  });
});
