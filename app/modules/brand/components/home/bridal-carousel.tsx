import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useState, type KeyboardEvent } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Reveal } from "~/components/ui/reveal";
import { BRIDAL_SLIDES } from "../../content/home";
import { ArtworkImage } from "../artwork-image";
import { SectionHeading } from "../section-heading";

/** SPEC §9: autoplay every 4000 ms, looping. */
export const CAROUSEL_AUTOPLAY_MS = 4000;

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";

function usePrefersReducedMotion() {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(REDUCED_MOTION);
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return reduced;
}

/**
 * The bridal feature carousel, after the WAI-ARIA carousel pattern: a
 * labelled region, slides as labelled groups, previous/next and per-slide
 * buttons, and a pause button (WCAG 2.2.2). Autoplay rests while the pointer
 * is over it, while anything inside has focus, behind an open dialog and under reduced motion; the
 * live region speaks only while it is not rotating on its own.
 */
export function BridalCarousel() {
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({ loop: true, align: "center", duration: reducedMotion ? 1 : 32 });
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !paused && !hovered && !focused && !reducedMotion;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  useEffect(() => {
    // The preference asked of the browser too, not only the state: until the state has caught up (a render after
    // hydration), the carousel must not start turning for someone who asked for reduced motion.
    if (!embla || !rotating || window.matchMedia(REDUCED_MOTION).matches) return;
    // Nothing turns behind an open dialog: the page is inert there, and a slide moving under the bag or the menu
    // only distracts. Radix's modal scroll lock marks the body (react-remove-scroll's data-scroll-locked).
    const timer = window.setInterval(() => {
      if (!document.body.hasAttribute("data-scroll-locked")) embla.scrollNext();
    }, CAROUSEL_AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, rotating]);

  const previous = useCallback(() => embla?.scrollPrev(), [embla]);
  const next = useCallback(() => embla?.scrollNext(), [embla]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") {
      event.preventDefault();
      previous();
    } else if (event.key === "ArrowRight") {
      event.preventDefault();
      next();
    }
  };

  return (
    <Reveal as="section" aria-labelledby="bridal-heading" className="overflow-hidden bg-muted/60 px-0 py-24 sm:py-32">
      <div className="px-6 sm:px-8">
        <SectionHeading id="bridal-heading" eyebrow="The bridal suite" title="Gowns for Every Kind of Forever">
          Five of the silhouettes brides fall for in our fitting room, each one altered to fit like it was made for you.
        </SectionHeading>
      </div>
      <div
        role="region"
        aria-roledescription="carousel"
        aria-label="Featured bridal gowns"
        className="mt-14"
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
        }}
        onKeyDown={onKeyDown}
      >
        <div ref={viewportRef} className="overflow-hidden">
          <div className="flex touch-pan-y" aria-live={rotating ? "off" : "polite"} id="bridal-slides">
            {BRIDAL_SLIDES.map((slide, index) => (
              <div
                key={slide.name}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${BRIDAL_SLIDES.length}: ${slide.name}`}
                data-selected={index === selected ? "true" : undefined}
                className="min-w-0 shrink-0 grow-0 basis-[78%] px-3 sm:basis-[46%] lg:basis-[30%] lg:px-4"
              >
                <figure>
                  {/* Only the picture of a slide at the side is dimmed; its words keep full contrast. */}
                  <ArtworkImage
                    art={slide.image}
                    draggable={false}
                    className={`h-auto w-full transition-opacity duration-700 ${index === selected ? "opacity-100" : "opacity-55"}`}
                  />
                  <figcaption className="mt-5 text-center">
                    <span className="block font-display text-2xl">{slide.name}</span>
                    <span className="mt-1 block text-sm text-muted-foreground">{slide.note}</span>
                  </figcaption>
                </figure>
              </div>
            ))}
          </div>
        </div>
        <div className="mt-10 flex items-center justify-center gap-3 px-6">
          <Button variant="outline" size="icon" onClick={previous} aria-controls="bridal-slides" aria-label="Previous gown">
            <ChevronLeft aria-hidden="true" className="size-5" />
          </Button>
          <div className="flex items-center gap-1">
            {BRIDAL_SLIDES.map((slide, index) => (
              <button
                key={slide.name}
                type="button"
                onClick={() => embla?.scrollTo(index)}
                aria-controls="bridal-slides"
                aria-label={`Show ${slide.name}`}
                aria-current={index === selected ? "true" : undefined}
                className="group inline-flex size-8 items-center justify-center"
              >
                <span
                  aria-hidden="true"
                  className={`block h-2 rounded-full transition-all duration-500 ${index === selected ? "w-6 bg-gold-ink" : "w-2 bg-foreground/30 group-hover:bg-foreground/60"}`}
                />
              </button>
            ))}
          </div>
          <Button variant="outline" size="icon" onClick={next} aria-controls="bridal-slides" aria-label="Next gown">
            <ChevronRight aria-hidden="true" className="size-5" />
          </Button>
          {reducedMotion ? null : (
            <Button
              variant="quiet"
              size="icon"
              onClick={() => setPaused((value) => !value)}
              aria-label={paused ? "Start automatic slide show" : "Stop automatic slide show"}
              className="ml-2"
            >
              {paused ? <Play aria-hidden="true" className="size-4" /> : <Pause aria-hidden="true" className="size-4" />}
            </Button>
          )}
        </div>
      </div>
      <div className="mt-12 text-center">
        <Button asChild variant="outline">
          <Link to="/weddings">Explore the Bridal Suite</Link>
        </Button>
      </div>
    </Reveal>
  );
}
