// /account itself shows the first tab, the profile (SPEC §2).
export { action, default, loader } from "./account.profile";
