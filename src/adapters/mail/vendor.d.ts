/** Types for libbase64 (mailparser's base64 decoder), which ships none. */
declare module 'libbase64' {
  const libbase64: {
    /** Decode base64 text, segment by segment when it holds inner padding. Invalid characters are skipped. */
    decode(input: string): Buffer;
  };
  export default libbase64;
}
