// One shared `html` tagged template (htm bound to Preact's h). Preact escapes every text value.
import { h } from "preact";
import htm from "htm";

export const html = htm.bind(h);
