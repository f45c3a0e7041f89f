/** A code block scrolls sideways when its lines are long, so it takes keyboard focus. */
export const CODE_BLOCK_OPEN = '<pre tabindex="0">';
