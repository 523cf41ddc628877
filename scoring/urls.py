from django.urls import URLPattern, path

from scoring import views, views_mahjongg

app_name = "scoring"

urlpatterns: list[URLPattern] = [
    path("calculator/", views.calculator, name="calculator"),
    path(
        "calculator/mahjongg/",
        views_mahjongg.mahjongg_calculator,
        name="mahjongg_calculator",
    ),
]
