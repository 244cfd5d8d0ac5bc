import type { NextFunction, Request, Response } from "express";

/**
 * Headers for every response. Scripts run only with this request's nonce
 * (React Router's inline hydration data and our theme script carry it);
 * styles allow inline attributes because positioning primitives set them.
 */
export function securityHeaders({ dev }: { dev: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    const nonce = res.locals.nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'${dev ? " 'unsafe-inline'" : ""}`,
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https://cdn.shopify.com",
      "font-src 'self'",
      `connect-src 'self'${dev ? " ws: wss:" : ""}`,
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "object-src 'none'",
    ];
    // Only over HTTPS: on plain-HTTP localhost it would break every asset.
    if (req.secure) csp.push("upgrade-insecure-requests");
    res.setHeader("Content-Security-Policy", csp.join("; "));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    next();
  };
}
