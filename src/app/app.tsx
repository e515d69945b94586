export function App() {
  return <h1>Rangeline</h1>;
}
