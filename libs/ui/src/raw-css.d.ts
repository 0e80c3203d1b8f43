/** A stylesheet imported as text (`?raw`: webpack's asset/source, Vite's raw import). */
declare module '*.css?raw' {
  const text: string;
  export default text;
}
