import { MantineProvider } from '@mantine/core';
import {
  checkAdminParameter,
  findAdminParameter,
  parseWatermarkConfigs,
  placeWatermark,
  watermarkParameterName,
} from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  errorsByForm,
  formsFromStored,
  formsToValue,
  newWatermarkForm,
  samplePage,
  type WatermarkForm,
  watermarkPreview,
} from '../lib/watermark-form.ts';
import { WatermarkPreview } from './watermark-preview.tsx';

const form = (fields: Partial<WatermarkForm> = {}): WatermarkForm => ({ ...newWatermarkForm(), ...fields });

describe('the watermark preview (the server stamp’s placement, on a sample A4 page)', () => {
  it('places the mark with the contract’s placeWatermark, as the stamp does', () => {
    const f = form({ xAlign: 'Right', yAlign: 'Bottom', widthMul: '0.5', heightMul: '0.1', angle: '30' });
    const preview = watermarkPreview(f);
    const expected = placeWatermark(
      { xAlign: 'Right', yAlign: 'Bottom', widthMul: 0.5, heightMul: 0.1, angle: 30 },
      samplePage,
    );
    expect(preview.box).toEqual(expected.box);
    expect([preview.centerX, preview.centerY, preview.angle]).toEqual([
      expected.centerX,
      expected.centerY,
      30,
    ]);
    expect(preview.centerX).toBeCloseTo(samplePage.width * 0.75);
    expect(preview.centerY).toBeCloseTo(samplePage.height * 0.95);
    expect(preview.opacity).toBe(0.5);
  });

  it('fills the placeholders with the sample reader and lays out lines like the stamp', () => {
    const preview = watermarkPreview(
      form({ text: 'For @@ClientName@@\n@@CompanyName@@ (@@UserId@@)', fontSize: '20', color: '#c81e1e' }),
    );
    expect(preview.visible).toBe(true);
    expect(preview.lines.map((l) => l.text)).toEqual(['For Jane Sample', 'Example Capital (10452)']);
    // two lines 1.2 em apart around the centre, each baseline lifted by half the cap height
    expect(preview.lines[1]!.y - preview.lines[0]!.y).toBeCloseTo(24);
    expect(preview.lines[0]!.y).toBeCloseTo(preview.centerY - 12 + 20 * 0.359);
    expect(preview.color).toBe('rgb(200, 30, 30)');
  });

  it('shows the first page a configuration names, and nothing for a page list that names none', () => {
    expect(watermarkPreview(form({ pages: '3-5, 9' })).pageNumber).toBe(3);
    expect(watermarkPreview(form({ pages: '' })).pageNumber).toBe(1);
    expect(watermarkPreview(form({ pages: '5-2' })).visible).toBe(false);
    expect(watermarkPreview(form({ text: '   ' })).visible).toBe(false);
  });

  it('previews clamped or half-typed numbers as the stamp would draw them', () => {
    expect(watermarkPreview(form({ fontSize: '900' })).fontSize).toBe(200);
    expect(watermarkPreview(form({ fontSize: '1.' })).fontSize).toBe(24);
    expect(watermarkPreview(form({ heightMul: '5' })).box.height).toBeCloseTo(samplePage.height);
  });

  it('changes the drawn SVG as the form changes', () => {
    const { rerender } = render(
      <MantineProvider>
        <WatermarkPreview form={form({ text: 'Hello @@ClientName@@' })} index={0} />
      </MantineProvider>,
    );
    const image = screen.getByRole('img', { name: /Preview of configuration 1 .*Hello Jane Sample/ });
    expect(within(image).getByText('Hello Jane Sample')).toBeTruthy();
    rerender(
      <MantineProvider>
        <WatermarkPreview form={form({ text: 'Licensed to @@Email@@', angle: '45' })} index={0} />
      </MantineProvider>,
    );
    const text = within(screen.getByRole('img')).getByText('Licensed to jane.sample@example.com');
    expect(text.parentElement?.getAttribute('transform')).toMatch(/^rotate\(-45 /);
    rerender(
      <MantineProvider>
        <WatermarkPreview form={form({ pages: '0' })} index={0} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('watermark-mark')).toBeNull();
  });
});

describe('the watermark forms and the stored value', () => {
  const parameter = findAdminParameter(watermarkParameterName)!;

  it('sends what the contract accepts, and reads back what it sent', () => {
    const forms = [
      form({ text: 'A @@Date@@', sectors: '10000131', pages: '1, 3-4', angle: '15', color: '#102030' }),
    ];
    const value = formsToValue(forms);
    const checked = checkAdminParameter(parameter, value);
    expect(checked.ok).toBe(true);
    const [config] = parseWatermarkConfigs(value);
    expect(config).toMatchObject({ pages: [1, 3, 4], angle: 15, color: [16, 32, 48], sectors: ['10000131'] });
    const [back] = formsFromStored(value);
    expect({ ...back, key: '' }).toEqual({ ...forms[0], key: '' });
  });

  it('opens a stored value that is not an array as no configuration', () => {
    expect(formsFromStored('{"WatermarkText":"x"}')).toEqual([]);
    expect(formsFromStored('not json')).toEqual([]);
    expect(formsFromStored(null)).toEqual([]);
  });

  it('puts each message at its configuration and field', () => {
    const value = formsToValue([form(), form({ fontSize: 'big', text: '' })]);
    const checked = checkAdminParameter(parameter, value);
    expect(checked.ok).toBe(false);
    const errors = errorsByForm(checked.ok ? {} : checked.errors);
    expect(Object.keys(errors)).toEqual(['1']);
    expect(errors[1]).toMatchObject({
      fontSize: 'The font size must be a number from 4 to 200.',
      text: 'Please enter the watermark text.',
    });
    expect(errorsByForm({ value: 'whole' })[-1]).toEqual({ form: 'whole' });
  });
});
