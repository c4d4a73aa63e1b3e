// A JupyterLab mime renderer for the Vega-Lite 6 charts the overcommit package stores under
// application/vnd.vegalite.v5+json. JupyterLab 4's own renderer (@jupyterlab/vega5-extension)
// draws them with Vega-Lite 5 (a version warning on the console for every chart) and stores a
// PNG of every chart in its output, which marks a notebook modified as soon as it is open.
// This one draws with Vega-Lite 6 and stores nothing.
import { Widget } from "@lumino/widgets";
import vegaEmbed, { vega } from "vega-embed";

const MIME = "application/vnd.vegalite.v5+json";

class RenderedVegaLite6 extends Widget {
  constructor(options) {
    super();
    this._mimeType = options.mimeType;
    this._resolver = options.resolver;
    this.addClass("oc-RenderedVegaLite6");
  }

  async renderModel(model) {
    const spec = model.data[this._mimeType];
    if (spec === undefined) return;
    const metadata = model.metadata[this._mimeType] || {};
    const embedOptions = metadata.embed_options || {};
    const loader = vega.loader({ http: { credentials: "same-origin" } });
    // a chart's data file named relative to the notebook (_static/data/...) is fetched
    // through the server's files API, as JupyterLab's own renderer does
    const sanitize = async (uri, options) => {
      const resolver = this._resolver;
      if (resolver && resolver.isLocal && resolver.isLocal(uri)) {
        const absolute = await resolver.resolveUrl(uri);
        uri = await resolver.getDownloadUrl(absolute);
      }
      return loader.sanitize(uri, options);
    };
    if (this._result) this._result.finalize();
    this._result = await vegaEmbed(this.node, spec, {
      actions: true,
      defaultStyle: true,
      ...embedOptions,
      mode: "vega-lite",
      loader: { ...loader, sanitize },
    });
  }

  dispose() {
    if (this._result) this._result.finalize();
    super.dispose();
  }
}

const extension = {
  id: "overcommit-vegalite6:factory",
  description: "Vega-Lite 6 charts, drawn without writing to the notebook.",
  rendererFactory: {
    safe: true,
    mimeTypes: [MIME],
    createRenderer: (options) => new RenderedVegaLite6(options),
  },
  rank: 50, // before JupyterLab's own Vega renderer (57)
  dataType: "json",
};

export default extension;
