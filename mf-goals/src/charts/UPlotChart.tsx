import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export { uPlot };

/**
 * The area's one chart (uPlot, loaded only with the screens that draw): sized to its box, resized with the
 * window, destroyed with the component. `label` says in words what the chart shows, for those who cannot see it.
 */
export default function UPlotChart({ options, data, label, height = 220 }: { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData; label: string; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element || !data[0]?.length) return;
    const chart = new uPlot({ ...options, width: Math.max(280, element.clientWidth || 600), height }, data, element);
    const resize = () => chart.setSize({ width: Math.max(280, element.clientWidth), height });
    window.addEventListener('resize', resize);
    return () => { window.removeEventListener('resize', resize); chart.destroy(); };
  }, [options, data, height]);
  return <div ref={box} role="img" aria-label={label} />;
}
