import { configure } from "@testing-library/react";

/**
 * Web unit tests (projects "web" and "web-mocks"): `waitFor` and `findBy…` wait up to 5 s, not
 * Testing Library's 1 s. These files run beside the server suite on a 2-core machine, where a
 * render that takes 20 ms alone has taken over a second (password-form.test.tsx failed so in a
 * CI run). A passing assertion returns as soon as it holds, so this only changes how long a
 * failing one waits.
 */
configure({ asyncUtilTimeout: 5_000 });
