import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { appSecretPaths, authSecretPaths } from "../../../server/secret-paths";

const route = (id: string, path: string | undefined, parentId = "root") => ({ id, path, parentId, module: {} });

describe("the routes whose segments are secrets", () => {
  it("are the app's routes with a parameter that is not public, written from the root", () => {
    const routes = {
      root: { id: "root", path: "", module: {} },
      home: route("home", undefined),
      product: route("product", "product/:handle"),
      checkout: route("checkout", "checkout/:cartId"),
      shop: route("shop", "shop/:handle"),
      order: route("order", "orders/:orderKey", "shop"),
      splat: route("splat", "*"),
    } as unknown as ServerBuild["routes"];
    expect(appSecretPaths(routes).sort()).toEqual(["/checkout/:cartId", "/shop/*/orders/:orderKey"]);
  });

  it("are Better Auth's endpoints with a parameter, under its base path", () => {
    const endpoint = (path: string) => Object.assign(() => null, { path, options: { method: "GET" } });
    const auth = {
      options: { basePath: "/api/auth" },
      api: { resetPasswordCallback: endpoint("/reset-password/:token"), signInEmail: endpoint("/sign-in/email"), helper: () => null },
    };
    expect(authSecretPaths(auth)).toEqual(["/api/auth/reset-password/:token"]);
  });
});
