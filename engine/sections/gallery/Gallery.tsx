import type { GallerySection } from '../../generated/content';
import { SectionFrame, type SectionProps } from '../SectionFrame';
import { LabelAndNote } from '../../ui/LabelAndNote';

export function Gallery({ section, index }: SectionProps<GallerySection>) {
  return (
    <SectionFrame kind="gallery" index={index} section={section}>
      <ul className={`grid grid--${section.columns ?? 3} gallery`}>
        {section.items.map((item) => (
          <li key={item.src + item.caption} className="gallery__item">
            <figure>
              <div className="gallery__frame">
                <img src={item.src} alt={item.alt} width={item.width} height={item.height} loading="lazy" decoding="async" />
              </div>
              <figcaption>
                <LabelAndNote label={item.caption} note={item.text} labelClass="gallery__caption" noteClass="gallery__text" />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </SectionFrame>
  );
}
