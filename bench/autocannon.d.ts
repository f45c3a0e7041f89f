declare module 'autocannon' {
  function autocannon(options: Record<string, unknown>): Promise<unknown>;
  export default autocannon;
}
