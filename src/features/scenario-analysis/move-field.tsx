import { Slider } from "@ark-ui/react/slider";
import { TextField } from "../../components/quote/field";

// One commodity's move: a slider (Ark UI) and the same value typed.

export interface MoveFieldProps {
  label: string;
  unit: string;
  value: string;
  onChange(value: string): void;
  min: number;
  max: number;
  step: number;
  error?: string;
}

export function MoveField({ label, unit, value, onChange, min, max, step, error }: MoveFieldProps) {
  const n = Number(value);
  const sliderValue = Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : 0;
  return (
    <div className="move-field">
      <Slider.Root
        className="slider"
        min={min}
        max={max}
        step={step}
        value={[sliderValue]}
        onValueChange={(d) => onChange(String(Number(d.value[0].toFixed(4))))}
        aria-label={[`${label} move (${unit})`]}
      >
        <Slider.Label className="field__label">{label}</Slider.Label>
        <Slider.Control className="slider__control">
          <Slider.Track className="slider__track">
            <Slider.Range className="slider__range" />
          </Slider.Track>
          <Slider.Thumb index={0} className="slider__thumb">
            <Slider.HiddenInput />
          </Slider.Thumb>
        </Slider.Control>
      </Slider.Root>
      <TextField
        label={`${label}: move (${unit})`}
        value={value}
        onChange={onChange}
        error={error}
        suffix={unit}
      />
    </div>
  );
}
