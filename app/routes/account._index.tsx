// /account itself shows the first tab, the profile (SPEC §2).
export { action, default, headers, loader } from "./account.profile";
